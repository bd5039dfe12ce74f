import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { imageSize } from 'image-size';
import jpegJs from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAROUSEL_MESSAGES } from '@keystone/contracts';
import { renderBannerPng } from '../src/modules/demo-data/demo-carousel.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { carouselUploadForm } from './samples/carousel.js';

/**
 * The carousel (issue 13 item 6; 002 §5, §7, §8, §9) through the API: uploads checked from their bytes, the file
 * served back, the save replacing the list (at least one item, https links, uploaded images only), permissions.
 */
let t: TestApp;
let editor: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  editor = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
  viewer = (await createSignedInUser(t, { role: 'warehouse-1' })).token;
});

afterAll(() => t?.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const upload = (form: FormData | string, token = editor, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/carousel-images/s3',
    headers: { ...auth(token), ...headers },
    payload: form,
  });
const save = (carouselItems: unknown[], token = editor) =>
  t.app.inject({ method: 'POST', url: '/api/carousel-images/', headers: auth(token), payload: { carouselItems } });
const list = async (token = viewer) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/carousel-images/', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { link: string; image: string }[];
};

const banner = renderBannerPng({ from: [0, 0, 0], to: [255, 255, 255] });

/** A GIF header of the given size (image-size reads the logical screen descriptor). */
function gif(width: number, height: number): Buffer {
  const b = Buffer.alloc(32);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  b[31] = 0x3b;
  return b;
}

/** A real baseline JPEG of the given size (jpeg-js): a grey gradient. */
function jpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : Math.floor(((i / 4) % width) * (255 / width));
  return jpegJs.encode({ width, height, data }, 80).data;
}

/** A JPEG's markers alone (SOI, APP0 JFIF, SOF0 with the size, EOI): a header claiming 1200x300 with no image in it. */
function jpegHeaderOnly(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A BMP header of 1200x300: the right size, the wrong type. */
function bmp(): Buffer {
  const b = Buffer.alloc(54);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(54, 2);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1200, 18);
  b.writeInt32LE(300, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  return b;
}

/** A 1200x300 PNG of random pixels: incompressible, about 1.4 MB. */
function noisePng(): Buffer {
  const png = new PNG({ width: 1200, height: 300 });
  randomBytes(png.data.length).copy(png.data);
  return PNG.sync.write(png);
}

describe('POST /api/carousel-images/s3 (upload)', () => {
  it('stores a 1200x300 PNG and answers its URL, which serves the same bytes without a token', async () => {
    const res = await upload(carouselUploadForm(banner));
    expect(res.statusCode, res.body).toBe(200);
    const { remoteImageUrl } = res.json() as { remoteImageUrl: string };
    expect(remoteImageUrl).toMatch(/^\/uploads\/carousel\/[0-9a-f-]{36}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: remoteImageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(banner)).toBe(true);
  });

  it('accepts gif and jpg read from their bytes, whatever the file is called', async () => {
    expect(imageSize(jpeg(1200, 300))).toMatchObject({ type: 'jpg', width: 1200, height: 300 });
    const g = await upload(carouselUploadForm(gif(1200, 300), 'photo.bin', 'application/octet-stream'));
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().remoteImageUrl).toMatch(/\.gif$/);
    const j = await upload(carouselUploadForm(jpeg(1200, 300), 'banner.png', 'image/png'));
    expect(j.statusCode, j.body).toBe(200);
    expect(j.json().remoteImageUrl).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: j.json().remoteImageUrl })).headers['content-type']).toBe(
      'image/jpeg',
    );
  });

  it('refuses other sizes in pixels with 422 naming image', async () => {
    for (const bytes of [
      renderBannerPng({ from: [1, 2, 3], to: [4, 5, 6], width: 1199, height: 300 }),
      gif(1200, 301),
      jpeg(600, 150),
    ]) {
      const res = await upload(carouselUploadForm(bytes));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.image[0]).toMatch(/^Images must be exactly 1200x300 px; this one is \d+x\d+ px\.$/);
    }
  });

  it('refuses a damaged or cut-off PNG or JPEG as not a valid image (422 naming image), never by the size its header claims', async () => {
    const goodJpeg = jpeg(1200, 300);
    expect((await upload(carouselUploadForm(goodJpeg))).statusCode).toBe(200);
    const flipped = (bytes: Buffer, at: number) => {
      const copy = Buffer.from(bytes);
      copy[at] = copy[at]! ^ 0xff;
      return copy;
    };
    // A PNG whose IHDR claims 1684300900x1684300900 px: the header's CRC fails.
    const bogusHeader = Buffer.from(banner);
    bogusHeader.write('dddddddd', 16, 'latin1');
    expect(imageSize(bogusHeader)).toMatchObject({ type: 'png', width: 1684300900, height: 1684300900 });
    const pngSignatureOnly = Buffer.concat([
      banner.subarray(0, 8),
      Buffer.from('IHDR and then nothing an image would hold'),
    ]);
    const cases: [string, Buffer, 'PNG' | 'JPEG'][] = [
      ['a PNG cut in half', banner.subarray(0, banner.length >> 1), 'PNG'],
      ['a PNG without its end', banner.subarray(0, banner.length - 12), 'PNG'],
      ['a PNG with a damaged byte in its data', flipped(banner, banner.length - 40), 'PNG'],
      ['a PNG whose header claims a bogus size', bogusHeader, 'PNG'],
      ['a PNG signature and text', pngSignatureOnly, 'PNG'],
      ['a JPEG cut in half', goodJpeg.subarray(0, goodJpeg.length >> 1), 'JPEG'],
      ['a JPEG without its end', goodJpeg.subarray(0, goodJpeg.length - 2), 'JPEG'],
      ['a JPEG header with no image', jpegHeaderOnly(1200, 300), 'JPEG'],
      ['a JPEG header claiming 600x150 with no image', jpegHeaderOnly(600, 150), 'JPEG'],
      [
        'a JPEG signature and text',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not a JPEG after all')]),
        'JPEG',
      ],
    ];
    for (const [name, bytes, kind] of cases) {
      const res = await upload(carouselUploadForm(bytes, 'banner.png', 'image/png'));
      const message = `This file is not a valid image: its ${kind} data is damaged or incomplete.`;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json(), name).toMatchObject({ message, errors: { image: [message] } });
    }
    expect(CAROUSEL_MESSAGES.imageInvalid('png')).toBe(
      'This file is not a valid image: its PNG data is damaged or incomplete.',
    );
  });

  it('refuses a file of another type disguised by its name and declared type (422 naming image)', async () => {
    for (const bytes of [
      bmp(),
      Buffer.from('not an image at all, only text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"/>'),
    ]) {
      const res = await upload(carouselUploadForm(bytes, 'banner.png', 'image/png'));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ image: [CAROUSEL_MESSAGES.imageType] });
    }
  });

  it('refuses 1 MB and more with 413 naming image; 999,999 bytes are accepted', async () => {
    const noise = noisePng();
    expect(noise.length).toBeGreaterThan(1_000_000);
    const big = await upload(carouselUploadForm(noise));
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json()).toMatchObject({
      message: CAROUSEL_MESSAGES.imageTooLarge,
      errors: { image: [CAROUSEL_MESSAGES.imageTooLarge] },
    });
    // A valid PNG padded with trailing bytes: the limit is on the file's size, exclusive.
    const padded = (size: number) => Buffer.concat([banner, Buffer.alloc(size - banner.length)]);
    expect((await upload(carouselUploadForm(padded(1_000_000)))).statusCode).toBe(413);
    const edge = await upload(carouselUploadForm(padded(999_999)));
    expect(edge.statusCode, edge.body).toBe(200);
    // Much larger than the limit (5 MB, the JSON body limit): still a 413, never a 500.
    expect((await upload(carouselUploadForm(Buffer.concat([banner, Buffer.alloc(6_000_000)])))).statusCode).toBe(413);
  });

  it('answers 415 to a body that is not multipart and 422 when no file is in the field "image"', async () => {
    const json = await upload(JSON.stringify({ image: 'x' }), editor, { 'content-type': 'application/json' });
    expect(json.statusCode, json.body).toBe(415);
    const none = await upload(carouselUploadForm(banner, 'banner.png', 'image/png', 'file'));
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().errors).toEqual({ image: [CAROUSEL_MESSAGES.imageMissing] });
    const broken = await upload(
      '--x\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
      editor,
      { 'content-type': 'multipart/form-data; boundary=x' },
    );
    expect(broken.statusCode, broken.body).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('is refused with 403 without purchasing:reports, and 401 without a token', async () => {
    const res = await upload(carouselUploadForm(banner), viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'access denied' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/carousel-images/s3', payload: carouselUploadForm(banner) }))
        .statusCode,
    ).toBe(401);
  });

  it('serves 404 for unknown or malformed file names', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/carousel/00000000-0000-0000-0000-000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/carousel/..%2F..%2Fpackage.json' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/carousel-images/ (save) and GET /api/carousel-images/', () => {
  const uploaded = async () => (await upload(carouselUploadForm(banner))).json().remoteImageUrl as string;

  it('replaces the list in order and any signed-in user reads it', async () => {
    const [a, b, c] = [await uploaded(), await uploaded(), await uploaded()];
    const first = await save([
      { id: 1, link: 'https://keystone.example/a', img: a },
      { id: 'two', link: 'https://keystone.example/b?x=1', img: b },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([
      { link: 'https://keystone.example/a', image: a },
      { link: 'https://keystone.example/b?x=1', image: b },
    ]);
    expect(await list()).toEqual(first.json());
    // Reordered, one removed, one added: the saved list is exactly the new one.
    const second = await save([
      { id: 3, link: 'https://keystone.example/c', img: c },
      { id: 1, link: 'https://keystone.example/a', img: a },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    expect(await list()).toEqual([
      { link: 'https://keystone.example/c', image: c },
      { link: 'https://keystone.example/a', image: a },
    ]);
  });

  it("refuses an http link with 422 'Invalid URL' on that item, and changes nothing", async () => {
    const before = await list();
    const img = await uploaded();
    const res = await save([
      { id: 1, link: 'https://keystone.example/ok', img },
      { id: 2, link: 'http://keystone.example/plain', img },
      { id: 3, link: 'keystone.example/no-protocol', img },
      { id: 4, link: '', img },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The given data was invalid.',
      errors: {
        'carouselItems.1.link': ['Invalid URL'],
        'carouselItems.2.link': ['Invalid URL'],
        'carouselItems.3.link': ['Invalid URL'],
      },
    });
    expect(await list()).toEqual(before);
  });

  it('refuses an empty list (the last item cannot go) and images not uploaded here, changing nothing', async () => {
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    const empty = await save([]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ carouselItems: [CAROUSEL_MESSAGES.atLeastOne] });
    const foreign = await save([
      { link: 'https://keystone.example/x', img: 'https://elsewhere.example/banner.png' },
      { link: 'https://keystone.example/y', img: '' },
      { link: 'https://keystone.example/z', img: '/uploads/carousel/../../etc/passwd' },
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      'carouselItems.0.img': [CAROUSEL_MESSAGES.imageNotStored],
      'carouselItems.1.img': [CAROUSEL_MESSAGES.imageRequired],
      'carouselItems.2.img': [CAROUSEL_MESSAGES.imageNotStored],
    });
    expect(await list()).toEqual(before);
  });

  it('keeps an image the carousel already shows (saved again unchanged)', async () => {
    const before = await list();
    const res = await save(before.map((item, i) => ({ id: i, link: item.link, img: item.image })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it('two saves at once: the list is one of them whole, never a mix', async () => {
    const [a, b] = [await uploaded(), await uploaded()];
    const one = [
      { link: 'https://keystone.example/one-1', img: a },
      { link: 'https://keystone.example/one-2', img: a },
    ];
    const two = [{ link: 'https://keystone.example/two-1', img: b }];
    const answers = await Promise.all([save(one), save(two)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const links = (await list()).map((item) => item.link);
    expect([one.map((i) => i.link), two.map((i) => i.link)]).toContainEqual(links);
  });

  it('is refused with 403 without purchasing:reports, before validation; reading needs only a sign-in', async () => {
    const before = await list();
    const res = await save([{ link: 'https://keystone.example/x', img: before[0]!.image }], viewer);
    expect(res.statusCode).toBe(403);
    expect((await save([], viewer)).statusCode).toBe(403);
    expect(await list()).toEqual(before);
    const user = (await createSignedInUser(t, { role: 'user' })).token;
    expect(await list(user)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/carousel-images/' })).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a body of the wrong shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carousel-images/',
      headers: auth(editor),
      payload: { carouselItems: [{ link: 5 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['carouselItems.0.img', 'carouselItems.0.link']);
  });
});
