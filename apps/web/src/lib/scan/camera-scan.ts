import {
  aimedCode,
  CAMERA_READ_INTERVAL_MS,
  CAMERA_SCAN_FORMATS,
  CameraDeduper,
  chooseDetector,
  scanValueOf,
  type TDetected,
  type TNativeDetectorClass,
} from './camera-scan-logic';

/** A BarcodeDetector, the browser's or the polyfill's. */
export interface TBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<TDetected[]>;
}

export type TDetectorKind = 'native' | 'polyfill';

type TDetectorClass = TNativeDetectorClass & (new (options: { formats: string[] }) => TBarcodeDetector);

/** An error with a name the camera dialog knows (camera-scan-logic.ts, cameraErrorMessage). */
function namedError(name: string, cause?: unknown): Error {
  const error = new Error(name, { cause });
  error.name = name;
  return error;
}

/** The detector for the camera formats: the browser's when it reads them all, else the lazily loaded polyfill. */
export async function createDetector(): Promise<{ detector: TBarcodeDetector; kind: TDetectorKind }> {
  const native = (globalThis as { BarcodeDetector?: TDetectorClass }).BarcodeDetector;
  const kind = await chooseDetector(native);
  const formats = [...CAMERA_SCAN_FORMATS];
  if (kind === 'native' && native) return { detector: new native({ formats }), kind };
  try {
    const { loadPolyfill } = await import('./camera-polyfill');
    const Polyfill = await loadPolyfill();
    return { detector: new Polyfill({ formats }) as unknown as TBarcodeDetector, kind };
  } catch (error) {
    throw namedError('DetectorUnavailable', error);
  }
}

/** The back camera where there is one (a phone), any camera otherwise. */
export async function openCamera(): Promise<MediaStream> {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) throw namedError('InsecureContext');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

/** Ends every track of the stream: the camera light goes off. */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export interface CameraScanLoop {
  stop(): void;
}

/**
 * Reads the video every CAMERA_READ_INTERVAL_MS until stopped: of the codes in a frame, the one aimed at, once per
 * appearance (CameraDeduper), as a wedge scanner would type it (scanValueOf), goes to `onValue`. A failed read
 * (a frame not ready yet) is skipped.
 */
export function startScanLoop(
  video: HTMLVideoElement,
  detector: TBarcodeDetector,
  onValue: (value: string) => void,
): CameraScanLoop {
  const deduper = new CameraDeduper();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function tick() {
    if (stopped) return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      try {
        const codes = await detector.detect(video);
        const code = aimedCode(codes, { width: video.videoWidth, height: video.videoHeight });
        const value = code ? scanValueOf(code) : null;
        if (!stopped && value && deduper.accept(value, performance.now())) onValue(value);
      } catch {
        // A frame the detector could not read: the next one will do.
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), CAMERA_READ_INTERVAL_MS);
  }
  void tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
