/**
 * The parts of camera scanning that need no camera (docs/decisions.md, "Camera scanning"): which barcode formats
 * are read, which detector reads them, which of several codes in a frame is the one aimed at, how a read value is
 * turned into what a wedge scanner would type, and the de-duplication of a code seen in frame after frame.
 */

/** The formats read from the camera: product UPCs (UPC-A, EAN-13) and serial labels (Code 128). */
export const CAMERA_SCAN_FORMATS = ['upc_a', 'ean_13', 'code_128'] as const;
export type TCameraFormat = (typeof CAMERA_SCAN_FORMATS)[number];

/** A code stays one scan while it is seen again within this long of its last sighting. */
export const CAMERA_DEDUPE_MS = 1_500;

/** The time between two reads of the video (a phone's CPU is shared with the page). */
export const CAMERA_READ_INTERVAL_MS = 120;

/** The browser's own BarcodeDetector, as far as choosing it goes. */
export interface TNativeDetectorClass {
  getSupportedFormats?(): Promise<readonly string[]>;
}

/**
 * Which detector reads the video: the browser's own when it has one that reads every format of the list (Chrome
 * on Android and macOS), else the ZXing polyfill (desktop Linux and Windows Chromium, Firefox, Safari): a native
 * detector that lacks a format (some platforms read only QR codes) would miss the UPCs or the serials.
 */
export async function chooseDetector(
  native: TNativeDetectorClass | undefined,
  formats: readonly string[] = CAMERA_SCAN_FORMATS,
): Promise<'native' | 'polyfill'> {
  if (!native || typeof native.getSupportedFormats !== 'function') return 'polyfill';
  try {
    const supported = new Set(await native.getSupportedFormats());
    return formats.every((f) => supported.has(f)) ? 'native' : 'polyfill';
  } catch {
    return 'polyfill';
  }
}

/** One read of a frame: what both detectors answer (the BarcodeDetector API's DetectedBarcode, in part). */
export interface TDetected {
  rawValue: string;
  format: string;
  boundingBox: { x: number; y: number; width: number; height: number };
}

/**
 * What a wedge scanner with its usual settings types for a code: the value without surrounding blanks and control
 * characters; a UPC-A that a detector reports as EAN-13 (a 13-digit code starting with 0) as its 12 digits. Null
 * for nothing left.
 */
export function scanValueOf(code: Pick<TDetected, 'rawValue' | 'format'>): string | null {
  // eslint-disable-next-line no-control-regex
  const value = code.rawValue.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!value) return null;
  if (code.format === 'ean_13' && /^0\d{12}$/.test(value)) return value.slice(1);
  return value;
}

/**
 * The code aimed at when a frame holds several (a box label with its UPC and its serial): the one whose centre is
 * nearest the frame's centre, where the aiming line is drawn. A handheld scanner reads the code under its line.
 */
export function aimedCode<T extends TDetected>(
  codes: readonly T[],
  frame: { width: number; height: number },
): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const code of codes) {
    const b = code.boundingBox;
    const distance = Math.hypot(b.x + b.width / 2 - frame.width / 2, b.y + b.height / 2 - frame.height / 2);
    if (distance < bestDistance) {
      best = code;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * One scan per appearance of a code: a value seen again within `windowMs` of its last sighting is the same
 * appearance (the camera sees a held label in every frame) and is ignored; each sighting extends the window, so a
 * label held in view for ten seconds is one scan. Once it has been out of view for `windowMs`, it scans again.
 * Other values are not held up by it: scanning the UPC, then the serial, is two scans at once.
 */
export class CameraDeduper {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly windowMs = CAMERA_DEDUPE_MS) {}

  /** Whether a sighting of `value` at `now` (ms) is a new scan. */
  accept(value: string, now: number): boolean {
    for (const [v, at] of this.lastSeen) if (now - at > this.windowMs) this.lastSeen.delete(v);
    const fresh = !this.lastSeen.has(value);
    this.lastSeen.set(value, now);
    return fresh;
  }

  /** Forgets every sighting (the camera was closed). */
  reset(): void {
    this.lastSeen.clear();
  }
}

/** What the camera dialog says when the camera cannot be used, by the error getUserMedia gave. */
export function cameraErrorMessage(error: unknown): string {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'Camera access was denied. Allow the camera for this site in the browser settings, or scan with the scanner.';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device. Scan with the scanner.';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'The camera could not be started: another app may be using it. Close that app and try again.';
    case 'SecurityError':
    case 'InsecureContext':
      return 'The camera can only be used over a secure (https) connection. Scan with the scanner.';
    case 'DetectorUnavailable':
      return 'The barcode reader could not be loaded. Reload the page and try again, or scan with the scanner.';
    default:
      return 'The camera could not be started. Scan with the scanner.';
  }
}
