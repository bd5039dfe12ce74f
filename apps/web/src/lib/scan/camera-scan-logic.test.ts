import { describe, expect, it } from 'vitest';
import {
  aimedCode,
  CAMERA_DEDUPE_MS,
  CAMERA_SCAN_FORMATS,
  CameraDeduper,
  cameraErrorMessage,
  chooseDetector,
  scanValueOf,
  type TDetected,
} from './camera-scan-logic';

describe('camera formats and detector choice', () => {
  it('reads UPC-A, EAN-13 and Code 128', () => {
    expect([...CAMERA_SCAN_FORMATS].sort()).toEqual(['code_128', 'ean_13', 'upc_a']);
  });

  it('uses the polyfill when the browser has no BarcodeDetector', async () => {
    expect(await chooseDetector(undefined)).toBe('polyfill');
    expect(await chooseDetector({})).toBe('polyfill');
  });

  it("uses the browser's detector only when it reads every format", async () => {
    const native = (formats: string[]) => ({ getSupportedFormats: () => Promise.resolve(formats) });
    expect(await chooseDetector(native(['qr_code', 'upc_a', 'ean_13', 'code_128', 'ean_8']))).toBe('native');
    // Desktop Linux Chromium with the flag on answers an empty list; some platforms read QR codes only.
    expect(await chooseDetector(native([]))).toBe('polyfill');
    expect(await chooseDetector(native(['qr_code']))).toBe('polyfill');
    expect(await chooseDetector(native(['upc_a', 'ean_13']))).toBe('polyfill');
    expect(await chooseDetector(native(['qr_code']), ['qr_code'])).toBe('native');
  });

  it('uses the polyfill when asking the browser fails', async () => {
    expect(await chooseDetector({ getSupportedFormats: () => Promise.reject(new Error('no')) })).toBe('polyfill');
  });
});

describe('scanValueOf: what a wedge scanner would type', () => {
  it('keeps a UPC-A and a Code 128 value as read, without blanks or control characters', () => {
    expect(scanValueOf({ format: 'upc_a', rawValue: '036000291452' })).toBe('036000291452');
    expect(scanValueOf({ format: 'code_128', rawValue: ' SN-00A1\r\n' })).toBe('SN-00A1');
    expect(scanValueOf({ format: 'code_128', rawValue: '\u001d\r ' })).toBeNull();
  });

  it('reads a UPC-A reported as EAN-13 (leading 0) as its 12 digits; a real EAN-13 stays whole', () => {
    expect(scanValueOf({ format: 'ean_13', rawValue: '0036000291452' })).toBe('036000291452');
    expect(scanValueOf({ format: 'ean_13', rawValue: '4006381333931' })).toBe('4006381333931');
    // A Code 128 value that happens to look like it is not touched.
    expect(scanValueOf({ format: 'code_128', rawValue: '0036000291452' })).toBe('0036000291452');
  });
});

describe('aimedCode', () => {
  const code = (rawValue: string, x: number, y: number): TDetected => ({
    rawValue,
    format: 'code_128',
    boundingBox: { x, y, width: 100, height: 40 },
  });

  it('takes the code nearest the centre of the frame', () => {
    const frame = { width: 640, height: 480 };
    const top = code('TOP', 270, 20);
    const middle = code('MIDDLE', 250, 230);
    const corner = code('CORNER', 0, 0);
    expect(aimedCode([top, corner, middle], frame)).toBe(middle);
    expect(aimedCode([corner, top], frame)).toBe(top);
    expect(aimedCode([], frame)).toBeNull();
  });
});

describe('CameraDeduper: one scan per appearance of a code', () => {
  it('a code seen frame after frame is one scan, however long it stays in view', () => {
    const d = new CameraDeduper();
    expect(d.accept('012345678905', 0)).toBe(true);
    let accepted = 0;
    for (let t = 120; t <= 10_000; t += 120) if (d.accept('012345678905', t)) accepted++;
    expect(accepted).toBe(0);
  });

  it('the same code scans again once it has been out of view longer than the window', () => {
    const d = new CameraDeduper();
    expect(d.accept('A1', 1_000)).toBe(true);
    expect(d.accept('A1', 1_000 + CAMERA_DEDUPE_MS)).toBe(false);
    // Last seen at 2 500: out of view until 4 001.
    expect(d.accept('A1', 2_500 + CAMERA_DEDUPE_MS + 1)).toBe(true);
  });

  it('another code is not held up: the UPC then the serial are two scans at once', () => {
    const d = new CameraDeduper();
    expect(d.accept('012345678905', 0)).toBe(true);
    expect(d.accept('SN1', 100)).toBe(true);
    expect(d.accept('012345678905', 200)).toBe(false);
    expect(d.accept('SN2', 300)).toBe(true);
  });

  it('forgets everything on reset, and takes its window from the constructor', () => {
    const d = new CameraDeduper(500);
    expect(d.accept('X', 0)).toBe(true);
    expect(d.accept('X', 400)).toBe(false);
    expect(d.accept('X', 901)).toBe(true);
    d.reset();
    expect(d.accept('X', 950)).toBe(true);
  });
});

describe('cameraErrorMessage', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });

  it('says what went wrong in words the user can act on', () => {
    expect(cameraErrorMessage(named('NotAllowedError'))).toMatch(/^Camera access was denied/);
    expect(cameraErrorMessage(named('NotFoundError'))).toMatch(/^No camera was found/);
    expect(cameraErrorMessage(named('NotReadableError'))).toMatch(/another app/);
    expect(cameraErrorMessage(named('InsecureContext'))).toMatch(/https/);
    expect(cameraErrorMessage(named('DetectorUnavailable'))).toMatch(/barcode reader could not be loaded/);
    expect(cameraErrorMessage(new Error('boom'))).toBe('The camera could not be started. Scan with the scanner.');
    expect(cameraErrorMessage(undefined)).toBe('The camera could not be started. Scan with the scanner.');
  });
});
