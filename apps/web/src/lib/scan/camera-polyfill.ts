import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly, served from the app's own build: the library would fetch it from a CDN otherwise,
// and the floor has no internet to count on. The server's CSP allows compiling it ('wasm-unsafe-eval').
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The ZXing-based BarcodeDetector (barcode-detector, on zxing-wasm), for browsers without their own. Loaded on
 * first use of the camera only (camera-scan.ts imports it dynamically): about 1 MB of WebAssembly (0.36 MB as
 * brotli) that no other screen needs.
 */
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path),
};

/** Fetches and compiles the reader now, so a reader that cannot load says so instead of reading nothing. */
export async function loadPolyfill(): Promise<typeof BarcodeDetector> {
  await prepareZXingModule({ overrides, fireImmediately: true });
  return BarcodeDetector;
}
