import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProducts, createSignedInUser, createUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { renderBannerPng } from '../src/modules/demo-data/demo-carousel.js';
import { carrierFile } from '../src/modules/shipping-reconciliation/carrier-files.js';
import { createPurchasingFixture } from './samples/purchasing.js';
import { SAMPLE_HOLDINGS_CSV } from './samples/uploads.js';

/** Inputs that a database would refuse with an error of its own must be refused first, as 400s. */
let t: TestApp;
let token: string;
let po: { id: number; lineId: number; productId: number };

beforeAll(async () => {
  t = await createTestApp();
  token = (await createSignedInUser(t, { role: 'developer' })).token;
  await createLocation(t.services, 'KY01');
  const [product] = await createProducts(t.db, [{ modelNumber: 'HARDEN-1' }]);
  const { newPo } = await createPurchasingFixture(t, { productId: product!.id, productModel: product!.modelNumber });
  const created = await newPo();
  po = { id: created.po.id, lineId: created.lineId, productId: product!.id };
});

/** The PO as the API answers it, to see that a refused call changed nothing. */
const fullPo = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/purchase/getFull/${po.id}`, headers: bearer(token) })).json();
afterAll(() => t?.close());

describe('ids', () => {
  it.each(['2147483648', '1e3', '0x10', '0', '-1', '1.5'])(
    'refuses the product id %s with 400 naming id',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['id']);
    },
  );

  it('refuses a role id past the integer range in a body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/role/1',
      headers: bearer(token),
      payload: { newRoleID: 2147483648 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['newRoleID']);
  });

  it.each(['%ED%A0%80', '%FF', '%E0%A4%A', '1'.repeat(101)])(
    'refuses the path parameter %s (not UTF-8, or past the router limit) with 400 naming params',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        errors: { params: [expect.any(String)] },
      });
    },
  );

  it('still takes the largest integer id (an unknown product: 404)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/2147483647', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('NUL characters', () => {
  it('refuses one in a query with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ims/products?model=a%00b', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ model: ['must not contain a NUL character'] });
  });

  it('refuses one in a body, before the sign-in is tried or counted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'a\u0000b',
        password: 'x',
        client_id: 'keystone-web',
        client_secret: 'keystone-web-public',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['username']);
  });

  it('refuses one in a path parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/inventory-serials/search?serial=ab%00c',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['serial']);
  });
});

describe('e-mail addresses', () => {
  it('are unique regardless of case', async () => {
    await createUser(t.services, { role: 'user', email: 'Case.Test@keystone.example' });
    await expect(createUser(t.services, { role: 'user', email: 'case.test@KEYSTONE.example' })).rejects.toThrow();
  });
});

describe('JSON nested deeper than any contract', () => {
  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it.each([
    ['an array', deepArray(2000)],
    ['an object', deepObject(2000)],
    ['an array 100,000 deep', deepArray(100_000)],
  ])('refuses %s as a body with 400 naming body', async (_, payload) => {
    for (const [method, url] of [
      ['POST', '/oauth/token'],
      ['POST', '/api/purchase/orderItem'],
      ['PUT', `/api/purchase/${po.id}`],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: { ...bearer(token), 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(Object.keys(res.json().errors), url).toEqual(['body']);
    }
  });

  it('refuses one inside a field with 400 naming body', async () => {
    const payload = `{"paid":false,"notes":${deepObject(2000)}}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${po.id}`,
      payload,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['body']);
  });

  it('still takes an ordinary nested body (a receiving submit)', async () => {
    const payload = JSON.stringify({ scannedItems: [{ a: [[[[[[[[['x']]]]]]]]] }] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/scanner/receipt/scanned-item/submit',
      payload,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).every((k) => k.startsWith('scannedItems.0'))).toBe(true);
  });
});

describe('dates that do not exist', () => {
  it.each(['2024-13-45', '2024-02-30', '2023-02-29', '0000-01-01'])(
    'refuses %s in a body with 400 naming the field, changing nothing',
    async (date) => {
      const before = await fullPo();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/purchase/${po.id}`,
        headers: bearer(token),
        payload: { notes: 'changed', requested_delivery_date: date },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ requested_delivery_date: ['must be a real date'] });
      expect(await fullPo()).toEqual(before);
    },
  );

  it('refuses one on a line with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/orderItem/${po.lineId}`,
      headers: bearer(token),
      payload: { expected_arrival_date: '2024-02-30' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['expected_arrival_date']);
  });

  it('refuses one in a query with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/purchase?fromDate=2024-13-45', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['fromDate']);
  });

  it('takes a leap day', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${po.id}`,
      headers: bearer(token),
      payload: { requested_delivery_date: '2024-02-29' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('money beyond its column', () => {
  it.each([21_474_836.48, 1e21, 1e308])(
    'refuses a PO line cost of %s with 400 naming cost, changing nothing',
    async (cost) => {
      const before = await fullPo();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/purchase/orderItem',
        headers: bearer(token),
        payload: { productId: po.productId, cost, qty: 1, purchaseOrderId: po.id },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['cost']);
      expect(res.json().errors.cost).toContain('must be at most 21,474,836.47');
      expect(await fullPo()).toEqual(before);
    },
  );

  it('takes the largest cost the column holds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase/orderItem',
      headers: bearer(token),
      payload: { productId: po.productId, cost: 21_474_836.47, qty: 1, purchaseOrderId: po.id },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([21_474_836.48, '21474836.48', '99999999999999999999', 1e21])(
    'refuses a line invoice_cost of %s with 400 naming the field',
    async (cost) => {
      const before = await fullPo();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/purchase/orderItem/${po.lineId}`,
        headers: bearer(token),
        payload: { invoice_cost: cost },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ invoice_cost: ['must be at most 21,474,836.47'] });
      expect(await fullPo()).toEqual(before);
    },
  );

  it('refuses a shipping cost beyond the column', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/orderItem/${po.lineId}`,
      headers: bearer(token),
      payload: { shipping_cost: 1e21 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['shipping_cost']);
  });
});

describe('lone UTF-16 surrogates', () => {
  // JSON.stringify writes a lone surrogate as its \u escape, which JSON.parse on the server turns back into one.
  it.each([['x\ud800y'], ['\udc00'], ['ab\udbff']])(
    'refuses %j in a body text field with 400 naming the field, changing nothing',
    async (notes) => {
      const before = await fullPo();
      const payload = JSON.stringify({ notes });
      expect(payload).toMatch(/\\ud[89ab]|\\udc/);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/purchase/${po.id}`,
        payload,
        headers: { ...bearer(token), 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ notes: ['must not contain an unpaired UTF-16 surrogate'] });
      expect(await fullPo()).toEqual(before);
    },
  );

  it('refuses one in the sign-in before it is tried', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: JSON.stringify({
        grant_type: 'password',
        username: 'a\ud800',
        password: 'x',
        client_id: 'keystone-web',
        client_secret: 'keystone-web-public',
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['username']);
  });

  it('takes a surrogate pair (an emoji)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${po.id}`,
      headers: bearer(token),
      payload: { notes: 'box \u{1F4E6} ok' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.PO.notes).toBe('box \u{1F4E6} ok');
  });
});

describe('multipart file and field names (issue 30)', () => {
  /** Every upload route: its path, its file field and a file it takes. */
  const UPLOADS = [
    {
      url: '/api/carousel-images/s3',
      field: 'image',
      type: 'image/png',
      bytes: () => Buffer.from(renderBannerPng({ from: [10, 60, 120], to: [200, 220, 240] })),
    },
    {
      url: '/api/shipping-reconciliation/ups/upload',
      field: 'file',
      type: 'text/csv',
      bytes: () =>
        Buffer.from(carrierFile('ups', [{ trackingNumber: '1ZNAMES000000001', cents: 500, date: '2026-03-10' }])),
    },
    {
      url: '/api/ep-holdings/orders/upload',
      field: 'file',
      type: 'text/csv',
      bytes: () => Buffer.from(SAMPLE_HOLDINGS_CSV),
    },
  ];
  const BOUNDARY = 'keystone-names-boundary';

  /**
   * A multipart body written by hand (FormData cannot carry these names): `disposition` is the file part's
   * Content-Disposition parameters after form-data; a text field first when `before` is given.
   */
  function multipart(
    disposition: string,
    type: string,
    bytes: Buffer,
    before?: { name: string; value: string },
  ): Buffer {
    const parts: Buffer[] = [];
    if (before)
      parts.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${before.name}"\r\n\r\n${before.value}\r\n`,
          'utf8',
        ),
      );
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`,
        'utf8',
      ),
      bytes,
    );
    parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`, 'utf8'));
    return Buffer.concat(parts);
  }
  const send = (url: string, payload: Buffer) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });

  it.each(UPLOADS)(
    '$url: a NUL in the file name is a 400 naming the file name',
    async ({ url, field, type, bytes }) => {
      const res = await send(url, multipart(`name="${field}"; filename="inv\u0000oice.csv"`, type, bytes()));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ [`${field}.filename`]: ['must not contain a NUL character'] });
    },
  );

  it.each(UPLOADS)(
    '$url: an unpaired surrogate in the file name (RFC 5987, UTF-16) is a 400 naming the file name',
    async ({ url, field, type, bytes }) => {
      // "a\ud800b.csv" in UTF-16LE, percent-encoded: busboy decodes it as it is, the lone surrogate included.
      const name = [...Buffer.from('a\ud800b.csv', 'utf16le')]
        .map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`)
        .join('');
      const res = await send(url, multipart(`name="${field}"; filename*=utf-16le''${name}`, type, bytes()));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ [`${field}.filename`]: ['must not contain an unpaired UTF-16 surrogate'] });
    },
  );

  it.each(UPLOADS)(
    '$url: a NUL in a field name is a 400 naming the field names',
    async ({ url, field, type, bytes }) => {
      const inFile = await send(url, multipart(`name="${field}\u0000"; filename="ok.csv"`, type, bytes()));
      expect(inFile.statusCode, inFile.body).toBe(400);
      expect(inFile.json().errors).toEqual({ fieldname: ['must not contain a NUL character'] });
      const before = await send(
        url,
        multipart(`name="${field}"; filename="ok.csv"`, type, bytes(), { name: 'no\u0000te', value: 'x' }),
      );
      expect(before.statusCode, before.body).toBe(400);
      expect(before.json().errors).toEqual({ fieldname: ['must not contain a NUL character'] });
    },
  );

  it.each(UPLOADS)('$url: takes the same upload with a plain name', async ({ url, field, type, bytes }) => {
    const res = await send(
      url,
      multipart(`name="${field}"; filename="plain-${field}.csv"`, type, bytes(), { name: 'note', value: 'x' }),
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
