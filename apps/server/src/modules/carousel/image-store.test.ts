import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAROUSEL_MESSAGES } from '@keystone/contracts';
import type { S3Config } from '../../config.js';
import { renderBannerPng } from '../demo-data/demo-carousel.js';
import { createSignedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { carouselUploadForm } from '../../../test/samples/carousel.js';
import { defaultS3PublicUrl, ImageStoreUnavailableError, S3ImageStore } from './image-store.js';

/**
 * The S3 image store against a real S3 protocol peer on loopback (s3rver, a file-backed S3 server): PutObject through
 * the AWS SDK v3, the object read back over HTTP at the URL the store answers; a missing bucket and a server that is
 * down fail with a clear error and store nothing, and the upload route answers 503 with the carousel unchanged.
 */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

let server: S3rverInstance;
let endpoint: string;
let directory: string;
const bucket = 'keystone-images';
const config = (overrides: Partial<S3Config> = {}): S3Config => ({
  bucket,
  region: 'us-east-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  publicUrl: null,
  forcePathStyle: true,
  keyPrefix: 'carousel/',
  ...overrides,
});
const banner = renderBannerPng({ from: [20, 40, 60], to: [220, 200, 180] });

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('S3ImageStore on a loopback S3 server', () => {
  it('puts the image and answers a public URL that serves it with its content type', async () => {
    const store = new S3ImageStore(config());
    const url = await store.put({ bytes: banner, extension: 'png', contentType: 'image/png' });
    store.destroy();
    expect(url).toMatch(new RegExp(`^${endpoint}/${bucket}/carousel/[0-9a-f-]{36}\\.png$`));
    expect(store.owns(url)).toBe(true);
    expect(store.owns(`${endpoint}/${bucket}/elsewhere/x.png`)).toBe(false);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(banner)).toBe(true);
  });

  it('answers URLs under S3_PUBLIC_URL when set, and AWS virtual-host URLs by default', () => {
    const store = new S3ImageStore(config({ publicUrl: 'https://cdn.keystone.example/images' }));
    expect(store.owns('https://cdn.keystone.example/images/carousel/a.png')).toBe(true);
    store.destroy();
    expect(defaultS3PublicUrl(config({ endpoint: null }))).toBe(`https://${bucket}.s3.us-east-1.amazonaws.com`);
    expect(defaultS3PublicUrl(config({ endpoint: 'https://s3.example:9000', forcePathStyle: false }))).toBe(
      `https://${bucket}.s3.example:9000`,
    );
  });

  it('a missing bucket fails with ImageStoreUnavailableError naming it', async () => {
    const store = new S3ImageStore(config({ bucket: 'no-such-bucket' }));
    const error = await store
      .put({ bytes: banner, extension: 'png', contentType: 'image/png' })
      .catch((e: unknown) => e);
    store.destroy();
    expect(error).toBeInstanceOf(ImageStoreUnavailableError);
    expect((error as Error).message).toMatch(/no-such-bucket.*NoSuchBucket/);
  });

  it('a server that is down fails in seconds with ImageStoreUnavailableError', async () => {
    const spare = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const port = (await spare.run()).port;
    await spare.close();
    const store = new S3ImageStore(config({ endpoint: `http://127.0.0.1:${port}` }));
    const started = Date.now();
    const error = await store
      .put({ bytes: banner, extension: 'png', contentType: 'image/png' })
      .catch((e: unknown) => e);
    store.destroy();
    expect(error).toBeInstanceOf(ImageStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('the carousel API with S3 configured', () => {
  let t: TestApp;
  let broken: TestApp;
  let token: string;
  let brokenToken: string;

  beforeAll(async () => {
    t = await createTestApp({ s3: config() });
    broken = await createTestApp({ s3: config({ bucket: 'missing-bucket' }) });
    token = (await createSignedInUser(t, { role: 'purchasing-admin' })).token;
    brokenToken = (await createSignedInUser(broken, { role: 'purchasing-admin' })).token;
  });
  afterAll(async () => {
    await t?.close();
    await broken?.close();
  });

  it('uploads into the bucket, saves the carousel with that URL and allows its origin in the CSP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/s3',
      headers: { authorization: `Bearer ${token}` },
      payload: carouselUploadForm(banner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().remoteImageUrl as string;
    expect(url.startsWith(`${endpoint}/${bucket}/carousel/`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/',
      headers: { authorization: `Bearer ${token}` },
      payload: { carouselItems: [{ id: 1, link: 'https://keystone.example/s3', img: url }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([{ link: 'https://keystone.example/s3', image: url }]);
    expect(String(saved.headers['content-security-policy'])).toContain(`img-src 'self' data: blob: ${endpoint}`);
    // No local file route when the images live in S3.
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/carousel/00000000-0000-0000-0000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
  });

  it('a missing bucket answers 503 with a clear message, and nothing is saved', async () => {
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/carousel-images/s3',
      headers: { authorization: `Bearer ${brokenToken}` },
      payload: carouselUploadForm(banner),
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      message: CAROUSEL_MESSAGES.storeUnavailable,
      errors: { image: [CAROUSEL_MESSAGES.storeUnavailable] },
    });
    const listed = await broken.app.inject({
      method: 'GET',
      url: '/api/carousel-images/',
      headers: { authorization: `Bearer ${brokenToken}` },
    });
    expect(listed.json()).toEqual([]);
    expect(fs.readdirSync(directory).filter((name) => name.includes('missing-bucket'))).toEqual([]);
  });
});
