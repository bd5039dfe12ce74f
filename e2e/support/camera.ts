import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { chromium, test, type Browser } from '@playwright/test';
import config, { baseURL } from '../playwright.config';

/** What the fake camera shows for a while: a barcode (bwip-js's symbology name and text), or nothing. */
export interface VideoPart {
  code?: { bcid: 'upca' | 'ean13' | 'code128'; text: string };
  seconds: number;
}

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 5;

/** The barcode as luma (0 black, 255 white), drawn by bwip-js and decoded from its PNG. */
async function barcodeLuma(
  code: NonNullable<VideoPart['code']>,
): Promise<{ width: number; height: number; y: Uint8Array }> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({
      bcid: code.bcid,
      text: code.text,
      scale: 3,
      height: 18,
      includetext: true,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: 'FFFFFF',
    }),
  );
  const y = new Uint8Array(png.width * png.height);
  for (let i = 0; i < y.length; i++) {
    const [r, g, b, a] = [png.data[i * 4]!, png.data[i * 4 + 1]!, png.data[i * 4 + 2]!, png.data[i * 4 + 3]!];
    // Transparent pixels are the white background.
    const lum = 0.299 * r + 0.587 * g + 0.114 * b;
    y[i] = Math.round((lum * a + 255 * (255 - a)) / 255);
  }
  return { width: png.width, height: png.height, y };
}

/** One frame's Y plane: light grey (a label on a bench), the barcode in the middle, scaled down if it is too wide. */
async function framePlane(part: VideoPart): Promise<Uint8Array> {
  const plane = new Uint8Array(WIDTH * HEIGHT).fill(235);
  if (!part.code) return plane;
  const code = await barcodeLuma(part.code);
  const scale = Math.min(1, (WIDTH * 0.9) / code.width, (HEIGHT * 0.9) / code.height);
  const w = Math.floor(code.width * scale);
  const h = Math.floor(code.height * scale);
  const left = Math.floor((WIDTH - w) / 2);
  const top = Math.floor((HEIGHT - h) / 2);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      plane[(top + row) * WIDTH + left + col] = code.y[Math.floor(row / scale) * code.width + Math.floor(col / scale)]!;
    }
  }
  return plane;
}

/**
 * Writes a Y4M video (4:2:0, the format Chromium's --use-file-for-fake-video-capture reads, which it plays in a
 * loop) that shows each part in turn, into a temporary folder; answers its path.
 */
export async function writeBarcodeVideo(parts: VideoPart[]): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-camera-'));
  const file = path.join(dir, 'camera.y4m');
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const part of parts) {
    const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(await framePlane(part)), chroma, chroma]);
    for (let i = 0; i < Math.round(part.seconds * FPS); i++) chunks.push(frame);
  }
  fs.writeFileSync(file, Buffer.concat(chunks));
  test.info().attach('camera.y4m path', { body: file });
  return file;
}

/**
 * Debian's Chromium as the config launches it (same executable and flags), with a fake camera that plays `video`
 * and grants camera access without asking. Launch flags are per browser, so a test that needs its own video
 * launches its own browser; close it at the end.
 */
export async function launchWithCamera(video: string): Promise<Browser> {
  const launch = config.use?.launchOptions ?? {};
  return chromium.launch({
    ...launch,
    headless: true,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/** A browser whose camera plays a video of `parts` (writeBarcodeVideo); `close` also deletes the video. */
export async function browserWithCamera(parts: VideoPart[]): Promise<{ browser: Browser; close(): Promise<void> }> {
  const video = await writeBarcodeVideo(parts);
  const remove = () => fs.rmSync(path.dirname(video), { recursive: true, force: true });
  try {
    const browser = await launchWithCamera(video);
    return {
      browser,
      async close() {
        await browser.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** A new page in a context of its own at the test server, with the camera granted. */
export async function cameraPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  await context.grantPermissions(['camera'], { origin: baseURL });
  return context.newPage();
}

/**
 * Records, in the page, every stream the camera gives (to check its tracks end) and every request that leaves
 * the test server (the camera must work offline: no CDN).
 */
export async function watchCamera(page: import('@playwright/test').Page) {
  const offOrigin: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) offOrigin.push(url);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cameraStreams: MediaStream[] };
    w.__cameraStreams = [];
    const media = navigator.mediaDevices;
    if (!media) return;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      w.__cameraStreams.push(stream);
      return stream;
    };
  });
  return {
    offOrigin,
    /** The readyState of every track the camera gave so far. */
    tracks: () =>
      page.evaluate(() =>
        (window as unknown as { __cameraStreams: MediaStream[] }).__cameraStreams.flatMap((s) =>
          s.getTracks().map((t) => t.readyState),
        ),
      ),
  };
}
