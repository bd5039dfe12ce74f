import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { createSignedInUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { holdingsUploadForm } from './samples/uploads.js';

/** A partner's PO export (issue 31 item 6; test/fixtures/holdings/README.md): Wholesale Price and PO Date read, unplaced columns reported. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createSignedInUser(t, { role: 'purchasing-1' })).token;
});

afterAll(() => t?.close());

describe('holdings fixtures', () => {
  it("Wayfair's PO export: Wholesale Price and PO Date read to the cent, the columns not read named", async () => {
    const text = readFileSync(new URL('./fixtures/holdings/wayfair-po-export.csv', import.meta.url), 'utf8');
    const headers = { authorization: `Bearer ${token}` };
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/ep-holdings/orders/upload',
      headers,
      payload: holdingsUploadForm(text, 'wayfair-po-export.csv'),
    });
    expect(up.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ep-holdings/orders/sync?filename=wayfair-po-export.csv',
      headers,
    });
    expect(res.json()).toEqual({
      message:
        'Holdings orders synced from wayfair-po-export.csv: 2 orders imported (3 lines), 0 already present. Columns not read: Warehouse Name, Item Name, Ship Speed, Ship To City, Ship To State.',
      ordersImported: 2,
      linesImported: 3,
      alreadyPresent: 0,
      unreadColumns: ['Warehouse Name', 'Item Name', 'Ship Speed', 'Ship To City', 'Ship To State'],
    });
    const [sum] = await queryRows<{ value: string; priced: string; dates: string }>(
      t.db,
      sql`select sum(l.quantity * l.unit_price_cents)::text as value, count(l.unit_price_cents)::text as priced, string_agg(distinct o.order_date::text, ',' order by o.order_date::text) as dates
          from partner_order_lines l join partner_orders o on o.id = l.partner_order_id where o.partner_order_id like 'CS1234567%'`,
    );
    expect(sum).toEqual({ value: '373948', priced: '3', dates: '2025-06-02,2025-06-03' });
  });
});
