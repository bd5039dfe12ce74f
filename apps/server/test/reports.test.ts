import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENERIC_REPORT_PERMISSION,
  hasPermission,
  NAMED_REPORTS,
  REPORT_ROW_LIMIT,
  ZJobSchema,
  ZReportCatalogueSchema,
  ZReportResultSchema,
  type TRole,
} from '@keystone/contracts';
import { REPORT_DEFINITIONS } from '../src/modules/reports/definitions/index.js';
import { defineReport } from '../src/modules/reports/report-definition.js';
import { ReportsService } from '../src/modules/reports/reports.service.js';
import { queryRows } from '../src/db/database.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { waitForJob } from './report-kit.js';
import { createLocation, createProducts, createSignedInUser, nextUpc, receiveStock, unique } from './factories.js';

let t: TestApp;
let developer: string;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  // No worker: the CSV job stays queued until the test drains it (its file is 409 until then).
  t = await createTestApp({ jobsEnabled: false });
  developer = (await createSignedInUser(t, { role: 'developer' })).token;
  await createLocation(t.services, 'AZ02');
});
afterAll(async () => t?.close());

describe('GET /api/reports (the catalogue)', () => {
  it('lists every named report of 002 §2 and every generic report to the developer, generic ones at /reports/{slug}', async () => {
    const response = await get('/api/reports', developer);
    expect(response.statusCode).toBe(200);
    const { reports } = ZReportCatalogueSchema.parse(response.json());
    expect(
      reports
        .filter((r) => r.kind === 'named')
        .map((r) => r.path)
        .sort(),
    ).toEqual(NAMED_REPORTS.map((r) => r.path).sort());
    const generic = reports.filter((r) => r.kind === 'generic');
    expect(generic.map((r) => r.slug).sort()).toEqual(REPORT_DEFINITIONS.map((d) => d.slug).sort());
    for (const entry of generic) expect(entry.path).toBe(`/reports/${entry.slug}`);
  });

  it.each<TRole>(['admin', 'warehouse-2', 'purchasing-1', 'user'])(
    'lists to %s only the reports its role may open',
    async (role) => {
      const { token } = await createSignedInUser(t, { role });
      const { reports } = ZReportCatalogueSchema.parse((await get('/api/reports', token)).json());
      const expected = NAMED_REPORTS.filter((r) => hasPermission(role, r.permission)).map((r) => r.slug);
      if (hasPermission(role, GENERIC_REPORT_PERMISSION)) expected.push(...REPORT_DEFINITIONS.map((d) => d.slug));
      expect(reports.map((r) => r.slug).sort()).toEqual(expected.sort());
    },
  );
});

describe('GET /api/reports/generic/{slug}', () => {
  it('answers 404 for an unknown report and 403 without the permission (admin lacks dev-route:view)', async () => {
    expect((await get('/api/reports/generic/no-such-report', developer)).statusCode).toBe(404);
    const admin = await createSignedInUser(t, { role: 'admin' });
    expect((await get('/api/reports/generic/daily-sales', admin.token)).statusCode).toBe(403);
    expect((await get('/api/reports/generic/daily-sales/csv', admin.token)).statusCode).toBe(403);
  });

  it('refuses a bad parameter with a 400 naming it', async () => {
    const bad = await get('/api/reports/generic/daily-sales?from=2024-02-30', developer);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['from']);
    const unknown = await get('/api/reports/generic/daily-sales?colour=red', developer);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['colour']);
    const reversed = await get('/api/reports/generic/daily-sales?from=2024-03-02&to=2024-03-01', developer);
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().errors)).toEqual(['to']);
    const notNumber = await get('/api/reports/generic/transfer-aging?minDays=ten', developer);
    expect(notNumber.statusCode).toBe(400);
    expect(Object.keys(notNumber.json().errors)).toEqual(['minDays']);
  });

  it('fills absent parameters with their defaults: a range from one month ago to today', async () => {
    const result = ZReportResultSchema.parse((await get('/api/reports/generic/daily-sales', developer)).json());
    const today = new Date();
    expect(result.parameters.to).toBe(today.toISOString().slice(0, 10));
    const from = new Date(`${String(result.parameters.from)}T00:00:00Z`);
    const days =
      (Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - from.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });
});

describe('reports run on known data', () => {
  it('on-hand-by-bucket and accounting-inventory count what was received, valued at current cost', async () => {
    const [product] = await createProducts(t.db, [
      { modelNumber: unique('RPT'), upc: nextUpc(), currentCostCents: 1234 },
    ]);
    const bucket = 'AZ02';
    await receiveStock(t.services, product!, bucket, { units: 3 });
    const result = ZReportResultSchema.parse(
      (await get(`/api/reports/generic/on-hand-by-bucket?bucket=${bucket}`, developer)).json(),
    );
    const row = result.rows.find((r) => r.bucket === bucket);
    expect(row?.units).toBe(3);
    const accounting = ZReportResultSchema.parse(
      (await get(`/api/reports/generic/accounting-inventory?model=${product!.modelNumber}`, developer)).json(),
    );
    expect(accounting.rows).toEqual([
      { model_number: product!.modelNumber, bucket, quantity: 3, unit_cost: 1234, value: 3 * 1234 },
    ]);
    const csv = await get(`/api/reports/generic/accounting-inventory/csv?model=${product!.modelNumber}`, developer);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="report-\d{2}-\d{2}-\d{4}\.csv"$/);
    expect(csv.body.trim().split('\n')).toEqual([
      'Model,Bucket,On Hand,Unit Cost,Value',
      `${product!.modelNumber},${bucket},3,12.34,${((3 * 1234) / 100).toFixed(2)}`,
    ]);
  });

  it('shipping-over-quote-by-carrier sums what each carrier billed over the quote in the range', async () => {
    const rows = [
      { carrier: 'UPS', quote: 1000, billed: 1250, date: '2024-05-02' },
      { carrier: 'UPS', quote: 1000, billed: 900, date: '2024-05-03' },
      { carrier: 'UPS', quote: 500, billed: 800, date: '2024-05-04' },
      { carrier: 'FedEx', quote: 700, billed: 700, date: '2024-05-04' },
      { carrier: 'FedEx', quote: 100, billed: 999, date: '2024-06-04' }, // outside the range
    ];
    for (const [i, r] of rows.entries()) {
      await t.db
        .execute(sql`insert into shipping_transactions (tracking_number, ship_company, date_shipped, shipping_quote_cents, reported_billed_cents,
        reconciled_difference_cents, reconciliation_result) values (${`1ZRPT${i}`}, ${r.carrier}, ${r.date}, ${r.quote}, ${r.billed}, ${r.billed - r.quote}, 'Matched')`);
    }
    const result = ZReportResultSchema.parse(
      (
        await get('/api/reports/generic/shipping-over-quote-by-carrier?from=2024-05-01&to=2024-05-31', developer)
      ).json(),
    );
    const inRange = rows.filter((r) => r.date <= '2024-05-31');
    const expected = ['FedEx', 'UPS'].map((carrier) => {
      const mine = inRange.filter((r) => r.carrier === carrier);
      const over = mine.filter((r) => r.billed > r.quote);
      return {
        ship_company: carrier,
        shipments: mine.length,
        over_quote: over.length,
        over_amount: over.reduce((sum, r) => sum + r.billed - r.quote, 0),
        over_percent: Math.round((10000 * over.length) / mine.length) / 100,
      };
    });
    expect(result.rows).toEqual(expected);
  });

  it('tax-report-export lists the tax map, filtered by platform', async () => {
    await t.services.taxMap.set('walmart', 'TX', 1, null);
    await t.services.taxMap.set('walmart', 'AZ', 0, null);
    const result = ZReportResultSchema.parse(
      (await get('/api/reports/generic/tax-report-export?platform=walmart', developer)).json(),
    );
    expect(result.rows.map((r) => [r.platform_code, r.state_code, r.collect_and_remit_tax])).toEqual([
      ['walmart', 'AZ', 'No'],
      ['walmart', 'TX', 'Yes'],
    ]);
    expect((await get('/api/reports/generic/tax-report-export?platform=ebay', developer)).statusCode).toBe(400);
  });
});

describe('the engine', () => {
  it('caps the on-screen rows and says how many there are in all', async () => {
    const many = defineReport({
      slug: 'many-rows',
      name: 'Many',
      category: 'Operations',
      description: '',
      parameters: [],
      columns: [{ key: 'n', label: 'N', type: 'integer' }],
      query: () => sql`select n from generate_series(1, ${REPORT_ROW_LIMIT + 7}) as n order by n`,
    });
    const service = new ReportsService(t.db, { dbKind: t.dbKind, role: null, filesDir: t.config.reportFilesDir }, [
      many,
    ]);
    const result = await service.runDefinition(many, {});
    expect(result.rows).toHaveLength(REPORT_ROW_LIMIT);
    expect(result).toMatchObject({ rowCount: REPORT_ROW_LIMIT + 7, truncated: true });
    let count = 0;
    let last = 0;
    for await (const row of service.csvRows(many, {})) {
      count += 1;
      last = Number(row.n);
    }
    expect([count, last]).toEqual([REPORT_ROW_LIMIT + 7, REPORT_ROW_LIMIT + 7]);
  });

  it('runs a report in a read-only transaction: a definition that writes fails and changes nothing', async () => {
    const writer = defineReport({
      slug: 'writer',
      name: 'Writer',
      category: 'Operations',
      description: '',
      parameters: [],
      columns: [{ key: 'id', label: 'Id', type: 'integer' }],
      query: () => sql`with gone as (delete from vendors returning id) select id from gone order by id`,
    });
    const service = new ReportsService(t.db, { dbKind: t.dbKind, role: null, filesDir: t.config.reportFilesDir }, [
      writer,
    ]);
    const before = await queryRows(t.db, sql`select count(*)::int as n from vendors`);
    const readOnlyRefusal = (error: unknown) =>
      /read-only transaction|must not contain data-modifying statements/.test(
        `${String(error)} ${String((error as { cause?: unknown }).cause)}`,
      );
    await expect(service.runDefinition(writer, {})).rejects.toSatisfy(readOnlyRefusal);
    const stream = async () => {
      for await (const row of service.csvRows(writer, {})) void row;
    };
    await expect(stream()).rejects.toSatisfy(readOnlyRefusal);
    expect(await queryRows(t.db, sql`select count(*)::int as n from vendors`)).toEqual(before);
  });

  it('writes a long report through a background job whose file is the streamed CSV', async () => {
    const user = await createSignedInUser(t, { role: 'developer' });
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generic/price-list/csv-jobs',
      headers: bearer(user.token),
      payload: { parameters: {} },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = ZJobSchema.parse(queued.json());
    expect((await get(`/api/reports/csv-jobs/${job.id}/file`, user.token)).statusCode).toBe(409);
    await waitForJob(t, job.id);
    const done = ZJobSchema.parse((await get(`/api/jobs/${job.id}`, user.token)).json());
    expect(done.status, done.error ?? '').toBe('succeeded');
    const file = await get(`/api/reports/csv-jobs/${job.id}/file`, user.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="report-\d{2}-\d{2}-\d{4}\.csv"/);
    const streamed = await get('/api/reports/generic/price-list/csv', user.token);
    expect(file.body).toBe(streamed.body);
    expect(done.result).toEqual({
      rows: streamed.body.trim().split('\n').length - 1,
      bytes: Buffer.byteLength(file.body),
    });
    // Another user sees it only with admin:override (as GET /api/jobs/{id}); every dev-route:view holder has it today.
    const admin = await createSignedInUser(t, { role: 'admin' });
    expect((await get(`/api/reports/csv-jobs/${job.id}/file`, admin.token)).statusCode).toBe(403);
    const badParameter = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generic/daily-sales/csv-jobs',
      headers: bearer(user.token),
      payload: { parameters: { from: 'x' } },
    });
    expect(badParameter.statusCode).toBe(400);
    expect(Object.keys(badParameter.json().errors)).toEqual(['parameters.from']);
  });
});
