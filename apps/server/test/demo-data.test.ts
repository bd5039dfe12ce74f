import { asc, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS, generateLegacyBuckets, isValidGtin, PLATFORMS, ROLES } from '@keystone/contracts';
import { queryRows } from '../src/db/database.js';
import { brands, buckets, products, users } from '../src/db/schema.js';
import { DEMO_BRANDS, DEMO_CATEGORIES, generateDemoCatalogue } from '../src/modules/demo-data/demo-catalogue.js';
import { DEMO_PASSWORD, loadDemoDataIfEmpty, type DemoDataSummary } from '../src/modules/demo-data/load-demo-data.js';
import { DEMO_STORE } from '../src/modules/demo-data/demo-locations.js';
import { bearer, createTestApp, loginAs, type TestApp } from './harness.js';

const PRODUCTS = 200;

let t: TestApp;
let summary: DemoDataSummary | null;

// The demo load (catalogue, POs, receipts, movements, each through its service) takes 5–10 s alone and several
// times that on two busy cores: the hook gets 3 minutes.
beforeAll(async () => {
  t = await createTestApp();
  summary = await loadDemoDataIfEmpty(t.db, t.config, { products: PRODUCTS });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('loadDemoDataIfEmpty', () => {
  it('loads 21 users, 4 locations and the products into the empty database', async () => {
    expect(summary).toMatchObject({ users: 21, locations: 5, products: PRODUCTS });
    expect(summary!.ms).toBeGreaterThanOrEqual(0);
    const [userCount] = await t.db.select({ n: count() }).from(users);
    expect(userCount!.n).toBe(21);
    const [productCount] = await t.db.select({ n: count() }).from(products);
    expect(productCount!.n).toBe(PRODUCTS);
    const [brandCount] = await t.db.select({ n: count() }).from(brands);
    expect(brandCount!.n).toBe(DEMO_BRANDS.length);
  });

  it('creates one user per role, the username being the role string, each signing in with demo1234', async () => {
    const admin = await loginAs(t.app, 'admin', DEMO_PASSWORD);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/user/all',
      headers: bearer(await loginAs(t.app, 'developer', DEMO_PASSWORD)),
    });
    expect(all.statusCode).toBe(200);
    const list = all.json().data as { username: string; role: string; email: string }[];
    expect(list.map((u) => u.username).sort()).toEqual([...ROLES].sort());
    for (const u of list) {
      expect(u.role).toBe(u.username);
      expect(u.email).toBe(`${u.username}@keystone.example`);
    }
    const role = await t.app.inject({ method: 'GET', url: '/api/user/role', headers: bearer(admin) });
    expect(role.json()).toBe('admin');
    for (const name of ['user', 'warehouse-1', 'finance-lead']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/role',
        headers: bearer(await loginAs(t.app, name, DEMO_PASSWORD)),
      });
      expect(res.json()).toBe(name);
    }
    await expect(loginAs(t.app, 'admin', 'demo12345')).rejects.toThrow(/401/);
  });

  it('creates the 4 demo locations and the WALTS store with their buckets', async () => {
    const token = await loginAs(t.app, 'warehouse-2', DEMO_PASSWORD);
    const locations = (await t.app.inject({ method: 'GET', url: '/api/locations', headers: bearer(token) })).json()
      .data as { location_code: string; location_type: string; city: string }[];
    expect(locations.map((l) => l.location_code).sort()).toEqual(
      [...DEMO_LOCATIONS.map((l) => l.location_code), DEMO_STORE.location_code].sort(),
    );
    expect(locations.find((l) => l.location_code === 'WALTS')).toMatchObject({
      location_type: 'RETAIL',
      city: 'New York',
      distributor: 'Walts Appliance Outlet',
      can_receive_purchase_orders: false,
    });
    expect(locations.find((l) => l.location_code === 'RUBY')).toMatchObject({
      location_type: 'RETAIL',
      city: 'Austin',
    });
    expect(locations.find((l) => l.location_code === 'KY01')).toMatchObject({
      location_type: 'WAREHOUSE',
      city: 'Louisville',
    });
    const bucketRows = await t.db.select({ bucket: buckets.bucket }).from(buckets).orderBy(asc(buckets.bucket));
    const expected = [...DEMO_LOCATIONS, DEMO_STORE].flatMap((l) =>
      generateLegacyBuckets(l.location_code).map((b) => b.legacy_bucket),
    );
    expect(bucketRows.map((b) => b.bucket).sort()).toEqual(expected.sort());
  });

  it('gives every product a valid UPC-A check digit and a unique model number', async () => {
    const rows = await t.db
      .select({ model: products.modelNumber, upc: products.upc, alt: products.alternateUpc, status: products.status })
      .from(products);
    expect(rows).toHaveLength(PRODUCTS);
    for (const row of rows) {
      expect(row.upc, row.model).toMatch(/^\d{12}$/);
      expect(isValidGtin(row.upc!), `${row.model} ${row.upc}`).toBe(true);
      if (row.alt !== null) expect(isValidGtin(row.alt), `${row.model} alternate ${row.alt}`).toBe(true);
    }
    expect(new Set(rows.map((r) => r.model)).size).toBe(PRODUCTS);
    expect(new Set(rows.map((r) => r.model.toUpperCase())).size).toBe(PRODUCTS);
    expect(new Set(rows.map((r) => r.upc)).size).toBe(PRODUCTS);
    expect(rows.every((r) => r.status === 'ACTIVE' || r.status === 'INACTIVE')).toBe(true);
  });

  it('makes the products findable through the API', async () => {
    const token = await loginAs(t.app, 'warehouse-2', DEMO_PASSWORD);
    const [first] = await t.db
      .select({ id: products.id, model: products.modelNumber, upc: products.upc, status: products.status })
      .from(products)
      .orderBy(asc(products.id))
      .limit(1);
    const byModel = await t.app.inject({
      method: 'GET',
      url: `/api/ims/products?model=${encodeURIComponent(first!.model)}`,
      headers: bearer(token),
    });
    expect(byModel.json().data).toEqual([
      expect.objectContaining({
        id: first!.id,
        model: first!.model,
        upc: first!.upc,
        brand_name: expect.any(String),
        category_name: expect.any(String),
      }),
    ]);
    const byUpc = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/product/search?upc=${first!.upc}&exact=1&includeInactive=1`,
      headers: bearer(token),
    });
    expect(byUpc.json().data).toEqual([{ id: first!.id, upc: first!.upc, model: first!.model, status: first!.status }]);
  });

  it('has a sales history of the last 120 days with prices, channels and states; the ledger check is clean', async () => {
    // 200 products hold little stock: a few lines here (the default 3,000 give more, with bundles: the browser test).
    expect(summary!.salesHistory).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .execute(sql`select count(*)::int as lines, count(*) filter (where transacted_at is null)::int as open,
        bool_and(transacted_at >= now() - interval '121 days' and transacted_at <= now()) as recent,
        count(*) filter (where unit_price_cents is null or sales_channel is null or ship_to_state is null)::int as incomplete
      from committed_sales where legacy_pos_invoice_id like 'WPOS-H%'`);
    const [history] = ((rows as unknown as { rows?: Record<string, unknown>[] }).rows ??
      (rows as unknown as Record<string, unknown>[])) as { lines: number }[];
    expect(history).toEqual({ lines: summary!.salesHistory, open: 0, recent: true, incomplete: 0 });
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('is one dated history: sales carry their date to their ledger rows, units are received before they are sold, and the reports agree (issue 32)', async () => {
    // Every transacted committed sale (the sales history's, the finished invoice's) and every invoice: its ledger rows'
    // day is the document's day.
    const sales = await queryRows<{ ref: string; invoice: string; sold: string; rows: string[] | string }>(
      t.db,
      sql`select cs.ims_transaction_reference_id as ref, cs.legacy_pos_invoice_id as invoice, to_char(cs.transacted_at at time zone 'UTC', 'YYYY-MM-DD') as sold,
                 coalesce(jsonb_agg(to_char(it.created_at at time zone 'UTC', 'YYYY-MM-DD')) filter (where it.id is not null), '[]'::jsonb) as rows
          from committed_sales cs
          left join inventory_transactions it on it.type = 'INVENTORY_SALE' and it.details ->> 'reference_id' = cs.ims_transaction_reference_id
          where cs.transacted_at is not null
          group by cs.id order by cs.id`,
    );
    const history = sales.filter((s) => s.invoice.startsWith('WPOS-H'));
    expect(history.length).toBe(summary!.salesHistory);
    // Dated back: not all of them today.
    const today = new Date().toISOString().slice(0, 10);
    expect(history.some((s) => s.sold < today)).toBe(true);
    for (const s of sales) {
      const rows = typeof s.rows === 'string' ? (JSON.parse(s.rows) as string[]) : s.rows;
      expect(rows, `${s.ref} (${s.invoice}) sold ${s.sold}`).toEqual([s.sold]);
    }
    const invoices = new Map<string, Set<string>>();
    for (const s of sales) invoices.set(s.invoice, new Set([...(invoices.get(s.invoice) ?? []), s.sold]));
    for (const [invoice, days] of invoices) expect([...days], invoice).toHaveLength(1);

    // Every serial sold was received before, on an earlier day; every receipt comes after its PO was ordered.
    const serials = await queryRows<{ serial: string; received: string | null; sold: string }>(
      t.db,
      sql`select s.serial_number as serial,
                 to_char(min(it.created_at) filter (where it.type = 'INVENTORY_RECEIPT') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as received,
                 to_char(max(it.created_at) filter (where it.type = 'INVENTORY_SALE') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as sold
          from inventory_serials s join inventory_transaction_serials ts on ts.serial_id = s.id join inventory_transactions it on it.id = ts.transaction_id
          where s.disposition_code = 'SOLD' group by s.id order by s.id`,
    );
    expect(serials.length).toBeGreaterThanOrEqual(1);
    for (const s of serials) {
      expect(s.received, s.serial).not.toBeNull();
      expect(s.received! < s.sold, `${s.serial} received ${s.received}, sold ${s.sold}`).toBe(true);
    }
    const early = await queryRows<{ ref: string }>(
      t.db,
      sql`select it.ims_transaction_reference_id as ref from inventory_transactions it join purchase_orders po on po.id = it.purchase_order_id
          where it.type = 'INVENTORY_RECEIPT' and (it.created_at < po.created_at or it.created_at < coalesce(po.confirmed_at, po.created_at) or it.created_at > now())`,
    );
    expect(early).toEqual([]);
    // Nothing is sold before it is there: in time order, no bucket's on-hand of a product goes below zero.
    const negative = await queryRows<{ ref: string }>(
      t.db,
      sql`select ref from (select ims_transaction_reference_id as ref,
                                  sum(quantity_delta) over (partition by product_id, bucket order by created_at, id) as running
                           from inventory_transactions) r
          where running < 0`,
    );
    expect(negative).toEqual([]);

    // Daily Sales (committed sales by transacted day) and the movements report (ledger rows by day) agree day by day.
    const developer = await loginAs(t.app, 'developer', DEMO_PASSWORD);
    const from = new Date(Date.now() - 130 * 86_400_000).toISOString().slice(0, 10);
    const report = async (slug: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reports/generic/${slug}?from=${from}&to=${today}`,
        headers: bearer(developer),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows as Record<string, string | number>[];
    };
    const daily = new Map((await report('daily-sales')).map((r) => [String(r.day), Number(r.units)]));
    const moved = new Map(
      (await report('movements-by-type'))
        .filter((r) => r.type === 'INVENTORY_SALE')
        .map((r) => [String(r.day), Number(r.units_out)]),
    );
    expect(daily.size).toBeGreaterThanOrEqual(2);
    expect(Object.fromEntries(moved)).toEqual(Object.fromEntries(daily));

    const check = await t.app.inject({ method: 'GET', url: '/api/ledger/check', headers: bearer(developer) });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ clean: true, differences: [] });
  });

  it('moves stock after receiving through the services: committed, partly scanned, inbound and transacted transfers, open and finished sales; the ledger check is clean', async () => {
    expect(summary!.transfers).toBeGreaterThanOrEqual(5);
    expect(summary!.committedSales).toBeGreaterThanOrEqual(3);
    const token = await loginAs(t.app, 'admin', DEMO_PASSWORD);
    const open = (await t.app.inject({ method: 'GET', url: '/api/ims/committed-sales', headers: bearer(token) })).json()
      .data as { legacy_pos_invoice_id: string; serials: unknown[] }[];
    expect(open.map((s) => s.legacy_pos_invoice_id)).toContain('WPOS-5001');
    expect(open.some((s) => s.serials.length > 0)).toBe(true);
    expect(open.map((s) => s.legacy_pos_invoice_id)).not.toContain('WPOS-5003');
    const types = await t.db.execute(
      sql`select type, count(*)::int as n from inventory_transactions group by type order by type`,
    );
    const byType = Object.fromEntries(
      (
        (types as unknown as { rows?: { type: string; n: number }[] }).rows ??
        (types as unknown as { type: string; n: number }[])
      ).map((r) => [r.type, r.n]),
    );
    expect(byType.INVENTORY_TRANSFER).toBeGreaterThanOrEqual(4);
    expect(byType.INVENTORY_SALE).toBeGreaterThanOrEqual(1);
    const partly = await t.db.execute(
      sql`select count(*)::int as n from committed_transfers where transferred_at is null and total_scanned_quantity > 0 and total_scanned_quantity < committed_quantity`,
    );
    expect(
      ((partly as unknown as { rows?: { n: number }[] }).rows ?? (partly as unknown as { n: number }[]))[0]!.n,
    ).toBeGreaterThanOrEqual(1);
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('puts bins in every warehouse, some holding stock taken from on-hand through the ledger; the ledger check stays clean', async () => {
    const rows = await t.db.execute(
      sql`select b.location_code, count(distinct b.id)::int as bins, coalesce(sum(bi.quantity) filter (where b.row <> 50), 0)::int as units
          from bins b left join bin_items bi on bi.bin_id = b.id group by b.location_code order by b.location_code`,
    );
    const byLocation = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      location_code: string;
      bins: number;
      units: number;
    }[];
    expect(byLocation.map((r) => r.location_code)).toEqual(['AZ02', 'KY01', 'TX01']);
    // 13 from the bins step; the picking step adds up to two pick bins per warehouse (row 50, not counted in units).
    expect(byLocation.every((r) => r.bins >= 13 && r.bins <= 15)).toBe(true);
    expect(byLocation.filter((r) => r.units > 0).length).toBeGreaterThanOrEqual(2);
    expect(summary!.binnedUnits).toBe(byLocation.reduce((n, r) => n + r.units, 0));
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('has unprinted and printed pick items in the warehouses, with ship priorities', async () => {
    const token = await loginAs(t.app, 'warehouse-1', DEMO_PASSWORD);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();
    for (const warehouse of ['KY01', 'TX01']) {
      const unprinted = (await get(`/api/picklist/unprinted?warehouse=${warehouse}`)).unprinted_pick_list as {
        isPrime: boolean;
        isPremium: boolean;
        isExpress: boolean;
      }[];
      const printed = (await get(`/api/picklist/printed?warehouse=${warehouse}`)).printed_pick_list as {
        pickListItemId: number;
      }[];
      expect(unprinted.length, warehouse).toBeGreaterThanOrEqual(2);
      expect(printed.length, warehouse).toBeGreaterThanOrEqual(1);
      expect(
        unprinted.some((i) => i.isPrime || i.isPremium || i.isExpress),
        warehouse,
      ).toBe(true);
      expect(
        unprinted.some((i) => (i as unknown as { suggestedBin: unknown }).suggestedBin !== null),
        warehouse,
      ).toBe(true);
    }
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('has an audit in progress and a completed one whose items were resolved with discrepancies', async () => {
    expect(summary!.audits).toBe(2);
    const token = await loginAs(t.app, 'warehouse-lead', DEMO_PASSWORD);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();
    const open = (await get('/api/audit-scans')) as { audit_batch_id: number; item_count: number }[];
    const completed = (await get('/api/audit-scans/completed')) as {
      audit_batch_id: number;
      item_count: number;
      resolved_count: number;
    }[];
    expect(open).toHaveLength(1);
    expect(completed).toEqual([expect.objectContaining({ item_count: 2, resolved_count: 2 })]);
    const counting = await get(`/api/audit-scans/items?auditBatchId=${open[0]!.audit_batch_id}`);
    expect(counting.committed).toEqual([expect.objectContaining({ tallied_quantity: 2, tally_finished_at: null })]);
    const resolved = await get(`/api/audit-scans/items?auditBatchId=${completed[0]!.audit_batch_id}`);
    const reviews = await Promise.all(
      (resolved.transacted as { ims_transaction_reference_id: string }[]).map((i) =>
        get(`/api/audit-adjustments/${i.ims_transaction_reference_id}/review`),
      ),
    );
    const serialized = reviews.find((r) => r.audit_type_code === 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED');
    const plain = reviews.find((r) => r.audit_type_code === 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED');
    expect(serialized.missing_serials).toHaveLength(1);
    expect(serialized.discovered_serials).toHaveLength(1);
    expect(plain).toMatchObject({ is_resolved: true, actual_tallied_quantity: plain.expected_quantity + 1 });
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it("has a gray box for every committed sale that shipped, each carrier's invoice generated, and one batch paid", async () => {
    const token = await loginAs(t.app, 'purchasing-admin', DEMO_PASSWORD);
    const boxes = (
      await t.app.inject({
        method: 'GET',
        url: '/api/shipping-reconciliation/gray-boxes?from=2000-01-01',
        headers: bearer(token),
      })
    ).json() as { fulfillment_po_number: string }[];
    expect(boxes.length).toBeGreaterThan(0);
    const shipped = (await t.db.execute(
      sql`select count(*)::int as n from committed_sales where transacted_at is not null`,
    )) as unknown as { rows?: { n: number }[] } & { n: number }[];
    expect(boxes.length).toBe((shipped.rows ?? shipped)[0]!.n);
    const view = (
      await t.app.inject({
        method: 'GET',
        url: '/api/shipping-reconciliation/generic?from=2000-01-01',
        headers: bearer(token),
      })
    ).json() as { total: number; counts: Record<string, number> };
    expect(view.total).toBe(boxes.length + 1);
    expect(view.counts.paidInFull).toBe(1);
    expect(view.counts.notFound).toBe(1);
  });

  it('gives each demo location an Amazon supply source with pickup hours, AZ02 inactive', async () => {
    expect(summary!.supplySources).toBe(4);
    const token = await loginAs(t.app, 'developer', DEMO_PASSWORD);
    const details = async (location: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ims/sp-api/supply-source/details/${location}/`,
          headers: bearer(token),
        })
      ).json();
    const ky = await details('KY01');
    expect(ky).toMatchObject({ supplySourceCode: 'KY01', alias: 'Louisville pickup (KY01)', status: 'Active' });
    expect(ky.capabilities.outbound.operationalConfiguration.operatingHoursByDay.sunday).toEqual([
      { startTime: '00:00', endTime: '00:00' },
    ]);
    expect((await details('AZ02')).status).toBe('Inactive');
    expect((await details('RUBY')).capabilities.outbound.operationalConfiguration.operatingHoursByDay.sunday).toEqual([
      { startTime: '12:00', endTime: '17:00' },
    ]);
  });

  it('has admin adjustments (a bucket adjusted twice, one zeroed out), listed as previous adjustments; the ledger check stays clean', async () => {
    expect(summary!.adminAdjustments).toBeGreaterThanOrEqual(4);
    const rows = await t.db.execute(
      sql`select p.model_number as model, t.bucket, count(*)::int as n, min(i.quantity)::int as quantity from inventory_transactions t
          join products p on p.id = t.product_id join inventory i on i.product_id = t.product_id and i.bucket = t.bucket
          where t.details ->> 'reason' = 'admin_adjustment' group by p.model_number, t.bucket order by n desc, p.model_number`,
    );
    const adjusted = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      model: string;
      bucket: string;
      n: number;
      quantity: number;
    }[];
    expect(adjusted[0]!.n).toBe(2);
    expect(adjusted.some((r) => r.quantity === 0)).toBe(true);
    const token = await loginAs(t.app, 'admin', DEMO_PASSWORD);
    const previous = await t.app.inject({
      method: 'GET',
      url: `/api/ims/audit-adjustments/previous-audit-adjustments?legacyBucket=${adjusted[0]!.bucket}&product=${encodeURIComponent(adjusted[0]!.model)}`,
      headers: bearer(token),
    });
    expect(previous.json().data).toHaveLength(2);
    expect(previous.json().data[0]).toMatchObject({
      submitted_by_name: 'admin',
      tally_notes: expect.stringContaining('Recount'),
    });
    expect((await t.services.ledger.check()).differences).toEqual([]);
  });

  it('answers null and changes nothing when the database is not empty', async () => {
    const again = await loadDemoDataIfEmpty(t.db, t.config, { products: PRODUCTS });
    expect(again).toBeNull();
    const [productCount] = await t.db.select({ n: count() }).from(products);
    expect(productCount!.n).toBe(PRODUCTS);
    const [userCount] = await t.db.select({ n: count() }).from(users);
    expect(userCount!.n).toBe(21);
  });
});

describe('a demo load interrupted half-way', () => {
  it('leaves an empty database, which the next start fills', async () => {
    const fresh = await createTestApp();
    try {
      const steps: string[] = [];
      await expect(
        loadDemoDataIfEmpty(fresh.db, fresh.config, {
          products: 50,
          afterStep: (step) => {
            steps.push(step);
            if (step === 'invoices') throw new Error('killed during the first start');
          },
        }),
      ).rejects.toThrow('killed during the first start');
      expect(steps).toEqual(['catalogue', 'contacts', 'purchasing', 'invoices']);
      for (const table of [users, products, brands, buckets]) {
        const [row] = await fresh.db.select({ n: count() }).from(table);
        expect(row!.n).toBe(0);
      }
      const loaded = await loadDemoDataIfEmpty(fresh.db, fresh.config, { products: 50 });
      expect(loaded).toMatchObject({ users: 21, products: 50 });
      const [userCount] = await fresh.db.select({ n: count() }).from(users);
      expect(userCount!.n).toBe(21);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

describe('generateDemoCatalogue', () => {
  it('is deterministic: the same output twice', () => {
    const a = generateDemoCatalogue(PRODUCTS);
    const b = generateDemoCatalogue(PRODUCTS);
    expect(a).toHaveLength(PRODUCTS);
    expect(b).toEqual(a);
    // A different seed gives a different catalogue (the seed is what fixes it).
    expect(generateDemoCatalogue(PRODUCTS, 1).map((p) => p.modelNumber)).not.toEqual(a.map((p) => p.modelNumber));
  });

  it('is a prefix-stable, valid catalogue at the default size', () => {
    const full = generateDemoCatalogue();
    expect(full).toHaveLength(3000);
    expect(full.slice(0, PRODUCTS)).toEqual(generateDemoCatalogue(PRODUCTS));
    const brandCodes = new Set(DEMO_BRANDS.map((b) => b.code));
    const categoryCodes = new Set(DEMO_CATEGORIES.map((c) => c.code));
    for (const p of full) {
      expect(isValidGtin(p.upc), `${p.modelNumber} ${p.upc}`).toBe(true);
      if (p.alternateUpc) expect(isValidGtin(p.alternateUpc), p.alternateUpc).toBe(true);
      expect(brandCodes.has(p.brandCode)).toBe(true);
      expect(categoryCodes.has(p.categoryCode)).toBe(true);
      expect(p.mapCents).toBeGreaterThan(p.costCents);
    }
    expect(new Set(full.map((p) => p.modelNumber)).size).toBe(full.length);
    expect(new Set(full.map((p) => p.upc)).size).toBe(full.length);
  });
});

// On the same demo load (one load per file: a load is the costliest setup of the suite).
describe('demo tax map and role change (issue 13)', () => {
  it('saves every state × platform cell: marketplaces where there is a sales tax, walts in AZ, KY and TX', async () => {
    const collecting = 45 * 3 + 3;
    expect(summary).toMatchObject({ taxCells: 50 * PLATFORMS.length, taxCollecting: collecting, roleChanges: 1 });
    const token = await loginAs(t.app, 'developer', DEMO_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/api/platformStateTaxMap/all', headers: bearer(token) });
    const data = res.json().data as {
      state_code: string;
      platform_code: string;
      collectAndRemitTax: number;
      updated_at: string | null;
    }[];
    expect(data).toHaveLength(200);
    expect(data.every((c) => c.updated_at !== null)).toBe(true);
    const on = (p: string, s: string) =>
      data.find((c) => c.platform_code === p && c.state_code === s)!.collectAndRemitTax;
    expect(data.filter((c) => c.collectAndRemitTax === 1)).toHaveLength(collecting);
    expect([
      on('amazon', 'CA'),
      on('amazon_home', 'NY'),
      on('walmart', 'KY'),
      on('walts', 'AZ'),
      on('walts', 'KY'),
      on('walts', 'TX'),
    ]).toEqual([1, 1, 1, 1, 1, 1]);
    expect([on('amazon', 'OR'), on('walmart', 'DE'), on('walts', 'CA'), on('walts', 'NH')]).toEqual([0, 0, 0, 0]);
  });

  it('records one role change by the developer, and every demo user keeps the role of its name', async () => {
    const token = await loginAs(t.app, 'developer', DEMO_PASSWORD);
    const changes = await t.app.inject({ method: 'GET', url: '/api/role/changes', headers: bearer(token) });
    expect(changes.json().data).toEqual([
      expect.objectContaining({
        username: 'fulfillment-2',
        from_role: 'fulfillment-1',
        to_role: 'fulfillment-2',
        changed_by: 'developer',
      }),
    ]);
    const users = await t.app.inject({ method: 'GET', url: '/api/user/all', headers: bearer(token) });
    for (const u of users.json().data as { username: string; role: string }[]) expect(u.role).toBe(u.username);
  });
});

describe('demo reviews (issue 16)', () => {
  it('puts a handful of website reviews on demo products, some visible and some waiting, listed through the API', async () => {
    expect(summary!.reviews).toBe(8);
    const token = await loginAs(t.app, 'developer', DEMO_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json() as {
      data: { visible: boolean; product_model: string | null; reviewOn: string }[];
      total: number;
    };
    expect(total).toBe(8);
    expect(data.filter((r) => r.visible)).toHaveLength(3);
    expect(data.every((r) => r.product_model !== null)).toBe(true);
    expect(data.map((r) => r.reviewOn)).toEqual([...data.map((r) => r.reviewOn)].sort().reverse());
  });
});

describe('demo quotes (issue 16)', () => {
  it('loads open, sent, declined and converted quotes for demo contacts; the converted ones have work orders', async () => {
    expect(summary!.quotes).toBeGreaterThanOrEqual(4);
    expect(summary!.workOrders).toBeGreaterThanOrEqual(1);
    const token = await loginAs(t.app, 'sales-1', DEMO_PASSWORD);
    const search = async (status: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quote/search',
        headers: bearer(token),
        payload: { searchKey: 'status', searchValue: status },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { id: number; work_order_id: number | null; total: number; locked: boolean }[];
    };
    const converted = await search('CONVERTED');
    expect(converted).toHaveLength(summary!.workOrders);
    expect(converted.every((q) => q.locked && q.work_order_id !== null && q.total > 0)).toBe(true);
    expect((await search('OPEN')).length).toBeGreaterThanOrEqual(1);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/work-order/${converted[0]!.work_order_id}`,
      headers: bearer(token),
    });
    expect(order.statusCode).toBe(200);
    expect(order.json().items.length).toBeGreaterThanOrEqual(2);
  });
});
