import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_REPORTS, REPORT_CATEGORIES, ZReportResultSchema } from '@keystone/contracts';
import { REPORT_DEFINITIONS } from '../src/modules/reports/definitions/index.js';
import { DEMO_PASSWORD, loadDemoDataIfEmpty } from '../src/modules/demo-data/load-demo-data.js';
import { bearer, createTestApp, loginAs, type TestApp } from './harness.js';
import { createSignedInUser } from './factories.js';

/**
 * Issue 15: every generic report runs with its defaults, on an empty database and on the demo data, through the
 * route (so the answer passes its schema), and its CSV streams with the header row and as many rows as it counts.
 */

async function runAll(t: TestApp, token: string) {
  for (const definition of REPORT_DEFINITIONS) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reports/generic/${definition.slug}`,
      headers: bearer(token),
    });
    expect(response.statusCode, `${definition.slug}: ${response.body}`).toBe(200);
    const result = ZReportResultSchema.parse(response.json());
    expect(result.columns.map((c) => c.key)).toEqual(definition.columns.map((c) => c.key));
    for (const row of result.rows) expect(Object.keys(row)).toEqual(definition.columns.map((c) => c.key));
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reports/generic/${definition.slug}/csv`,
      headers: bearer(token),
    });
    expect(csv.statusCode, `${definition.slug} csv: ${csv.body}`).toBe(200);
    expect(csv.body.startsWith('\uFEFF'), definition.slug).toBe(true);
    const lines = csv.body
      .slice(1)
      .split('\n')
      .filter((l) => l !== '');
    expect(lines[0], definition.slug).toBe(definition.columns.map((c) => c.label).join(','));
    // Rows with line breaks in a quoted cell would make more lines; none of these reports has them.
    expect(lines.length - 1, `${definition.slug} csv rows`).toBe(result.rowCount);
  }
}

describe('the generic report definitions', () => {
  it('are at least 45, in every category, with unique slugs, chart columns among their columns', () => {
    expect(REPORT_DEFINITIONS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(REPORT_DEFINITIONS.map((d) => d.category))).toEqual(new Set(REPORT_CATEGORIES));
    const slugs = REPORT_DEFINITIONS.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const named of NAMED_REPORTS) expect(slugs).not.toContain(named.path.split('/').at(-1));
    for (const d of REPORT_DEFINITIONS) {
      const keys = d.columns.map((c) => c.key);
      if (d.chart)
        for (const key of [d.chart.x, ...d.chart.series]) expect(keys, `${d.slug} chart ${key}`).toContain(key);
    }
  });
});

describe('every generic report on an empty database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('runs with its defaults and streams its CSV', async () => {
    const developer = await createSignedInUser(t, { role: 'developer' });
    await runAll(t, developer.token);
  }, 120_000);
});

describe('every generic report on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await loadDemoDataIfEmpty(t.db, t.config, { products: 200 });
  }, 180_000);
  afterAll(async () => t?.close());

  it('runs with its defaults and streams its CSV', async () => {
    await runAll(t, await loginAs(t.app, 'developer', DEMO_PASSWORD));
  }, 180_000);
});
