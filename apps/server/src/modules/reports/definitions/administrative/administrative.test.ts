import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLegacyBuckets } from '@keystone/contracts';
import { queryRows } from '../../../../db/database.js';
import { createTestApp, type TestApp } from '../../../../../test/harness.js';
import {
  createLocation,
  createProducts,
  createUser,
  nextUpc,
  roleIdOf,
  unique,
} from '../../../../../test/factories.js';
import { runReport } from '../../../../../test/report-kit.js';
import { adjustStock, expectLedgerClean, stockUp, stockUpInBin } from '../../../../../test/stock-kit.js';
import { adminAdjustments } from './admin-adjustments.js';
import { binUtilization } from './bin-utilization.js';
import { contactsByState } from './contacts-by-state.js';
import { locationsOverview } from './locations-overview.js';
import { roleChanges } from './role-changes.js';
import { usersByRole } from './users-by-role.js';
import { vendorDirectory } from './vendor-directory.js';

let t: TestApp;
let productIds: number[];
let modelOf: Map<number, string>;
beforeAll(async () => {
  t = await createTestApp();
  await createLocation(t.services, 'KY01');
  const products = await createProducts(t.db, [
    { modelNumber: unique('ADM'), upc: nextUpc() },
    { modelNumber: unique('ADM'), upc: nextUpc() },
    { modelNumber: unique('ADM'), upc: nextUpc() },
  ]);
  productIds = products.map((p) => p.id);
  modelOf = new Map(products.map((p) => [p.id, p.modelNumber]));
});
afterAll(async () => t?.close());

const sum = <T>(items: T[], of: (item: T) => number) => items.reduce((n, item) => n + of(item), 0);
const percent = (part: number, whole: number) => Math.round((10_000 * part) / whole) / 100;

async function insertBin(
  location: string,
  name: { row: number; bay: number; shelf: number },
  deleted = false,
): Promise<number> {
  const binName = `R${String(name.row).padStart(2, '0')}-B${String(name.bay).padStart(2, '0')}-S${String(name.shelf).padStart(2, '0')}`;
  const [bin] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into bins (bin_name, location_code, condition_code, bucket, row, bay, shelf, deleted_at)
      values (${binName}, ${location}, 'NEW', ${location}, ${name.row}, ${name.bay}, ${name.shelf}, ${deleted ? '2024-01-01T00:00:00Z' : null}) returning id`,
  );
  return bin!.id;
}

describe('administrative reports', () => {
  it('admin-adjustments: the ledger rows of admin adjustments in the range, newest first, with who and why', async () => {
    const [admin, clerk] = [
      await createUser(t.services, { role: 'admin' }),
      await createUser(t.services, { role: 'admin' }),
    ];
    // Stock for the adjustments that take units away, counted in before the range.
    await stockUp(t.services, { id: productIds[1]! }, 'KY01_B_STOCK', 2, '2021-01-01T00:00:00Z');
    await stockUp(t.services, { id: productIds[2]! }, 'KY01', 1, '2021-01-01T00:00:00Z');
    const rows = [
      {
        reason: 'admin_adjustment',
        product: 0,
        bucket: 'KY01',
        delta: 4,
        user: admin,
        notes: 'found on the dock',
        at: '2021-03-01T00:00:00Z',
      },
      {
        reason: 'admin_adjustment',
        product: 1,
        bucket: 'KY01_B_STOCK',
        delta: -2,
        user: clerk,
        notes: 'recount',
        at: '2021-03-15T10:30:00Z',
      },
      {
        reason: 'admin_adjustment',
        product: 2,
        bucket: 'KY01',
        delta: -1,
        user: admin,
        notes: 'broken',
        at: '2021-03-31T23:59:59Z',
      },
      {
        reason: 'admin_adjustment',
        product: 0,
        bucket: 'KY01',
        delta: 7,
        user: admin,
        notes: 'late',
        at: '2021-04-01T00:00:00Z',
      }, // after the range
      {
        reason: 'admin_adjustment',
        product: 0,
        bucket: 'KY01',
        delta: 7,
        user: admin,
        notes: 'early',
        at: '2021-02-28T23:59:59Z',
      }, // before it
      {
        reason: 'audit',
        product: 1,
        bucket: 'KY01',
        delta: 3,
        user: admin,
        notes: 'an audit',
        at: '2021-03-10T00:00:00Z',
      }, // an audit's
    ];
    const references: string[] = [];
    for (const r of rows) {
      const posted = await adjustStock(t.services, { id: productIds[r.product]! }, r.bucket, r.delta, {
        at: r.at,
        userId: r.user.id,
        notes: r.notes,
        details: { reason: r.reason, ...(r.reason === 'audit' ? { audit_item_reference: 'AI-ADM-1' } : {}) },
      });
      references.push(posted!.referenceId);
    }
    const result = await runReport(t, adminAdjustments, { from: '2021-03-01', to: '2021-03-31' });
    const expected = rows
      .map((r, i) => ({ ...r, reference: references[i]! }))
      .filter((r) => r.reason === 'admin_adjustment' && r.at >= '2021-03-01' && r.at < '2021-04-01')
      .sort((a, b) => b.at.localeCompare(a.at))
      .map((r) => ({
        created_at: new Date(r.at).toISOString(),
        reference: r.reference,
        model_number: modelOf.get(productIds[r.product]!),
        bucket: r.bucket,
        quantity_delta: r.delta,
        username: r.user.username,
        reason: r.notes,
      }));
    expect(result.rows).toEqual(expected);
    await expectLedgerClean(t.db);
  });

  it('bin-utilization: bins of the location, those holding units, the units and the share in use; deleted bins left out', async () => {
    await createLocation(t.services, 'BU01');
    await createLocation(t.services, 'BU02');
    const bins = [
      {
        location: 'BU01',
        at: { row: 1, bay: 1, shelf: 1 },
        deleted: false,
        items: [
          { product: 0, qty: 3 },
          { product: 1, qty: 2 },
        ],
      },
      { location: 'BU01', at: { row: 1, bay: 1, shelf: 2 }, deleted: false, items: [{ product: 2, qty: 5 }] },
      { location: 'BU01', at: { row: 1, bay: 2, shelf: 1 }, deleted: false, items: [] },
      { location: 'BU01', at: { row: 2, bay: 1, shelf: 1 }, deleted: false, items: [] },
      { location: 'BU01', at: { row: 9, bay: 9, shelf: 9 }, deleted: true, items: [] },
      { location: 'BU02', at: { row: 1, bay: 1, shelf: 1 }, deleted: false, items: [{ product: 0, qty: 8 }] }, // another location
    ];
    for (const b of bins) {
      const id = await insertBin(b.location, b.at, b.deleted);
      for (const item of b.items)
        await stockUpInBin(t.services, { id, bucket: b.location }, { id: productIds[item.product]! }, item.qty);
    }
    const result = await runReport(t, binUtilization, { location: 'BU01' });
    const mine = bins.filter((b) => b.location === 'BU01' && !b.deleted);
    const inUse = mine.filter((b) => sum(b.items, (i) => i.qty) > 0).length;
    expect(result.rows).toEqual([
      {
        location_code: 'BU01',
        bins: mine.length,
        bins_in_use: inUse,
        units: sum(mine, (b) => sum(b.items, (i) => i.qty)),
        used_percent: percent(inUse, mine.length),
      },
    ]);
    await expectLedgerClean(t.db);
  });

  it('contacts-by-state: contacts and those with an email per state, trimmed and upper-cased, blanks as (none), most first', async () => {
    const contacts = [
      { state: 'KY', email: 'a@example.com' },
      { state: ' ky ', email: null },
      { state: 'Ky', email: 'b@example.com' },
      { state: 'TX', email: 'c@example.com' },
      { state: 'TX', email: null },
      { state: null, email: null },
      { state: 'AZ', email: null },
      { state: '', email: null },
      { state: '  ', email: 'd@example.com' },
      { state: 'KY', email: null },
    ];
    for (const c of contacts) {
      await t.db.execute(
        sql`insert into contacts (first_name, last_name, state, primary_email) values ('Test', ${unique('Contact')}, ${c.state}, ${c.email})`,
      );
    }
    const result = await runReport(t, contactsByState);
    const stateOf = (s: string | null) => (s === null || s.trim() === '' ? '(none)' : s.trim().toUpperCase());
    const states = [...new Set(contacts.map((c) => stateOf(c.state)))];
    const expected = states
      .map((state) => {
        const mine = contacts.filter((c) => stateOf(c.state) === state);
        return { state, contacts: mine.length, with_email: mine.filter((c) => c.email !== null).length };
      })
      .sort((a, b) => b.contacts - a.contacts);
    // The data has no two states with the same count, so the order is the counts' alone.
    expect(new Set(expected.map((e) => e.contacts)).size).toBe(expected.length);
    expect(result.rows).toEqual(expected);
  });

  it('locations-overview: each location with its flags, the buckets generated from it, its bins and its units, sub-locations included', async () => {
    const locations = [
      { code: 'LO01', city: 'Phoenix', state: 'AZ', active: true },
      { code: 'LO02', city: 'Austin', state: 'TX', active: false },
    ];
    for (const l of locations) await createLocation(t.services, l.code, { city: l.city, stateOrProvince: l.state });
    await t.db.execute(sql`update locations set is_active = false where location_code = 'LO02'`);
    const bins = [
      { location: 'LO01', at: { row: 1, bay: 1, shelf: 1 }, deleted: false },
      { location: 'LO01', at: { row: 1, bay: 1, shelf: 2 }, deleted: false },
      { location: 'LO01', at: { row: 1, bay: 1, shelf: 3 }, deleted: true },
    ];
    for (const b of bins) await insertBin(b.location, b.at, b.deleted);
    const stock = [
      { location: 'LO01', bucket: 'LO01', product: 0, qty: 4 },
      { location: 'LO01', bucket: 'LO01', product: 1, qty: 6 },
      { location: 'LO01', bucket: 'LO01_DAMAGED', product: 0, qty: 1 },
      { location: 'LO01', bucket: 'LO01_FBA_INBOUND', product: 2, qty: 10 },
      { location: 'LO02', bucket: 'LO02_RETURN', product: 2, qty: 2 },
    ];
    for (const s of stock) await stockUp(t.services, { id: productIds[s.product]! }, s.bucket, s.qty);
    const result = await runReport(t, locationsOverview);
    expect(result.rows.filter((r) => String(r.location_code).startsWith('LO'))).toEqual(
      locations.map((l) => ({
        location_code: l.code,
        city: l.city,
        state: l.state,
        active: l.active ? 'Yes' : 'No',
        buckets: generateLegacyBuckets(l.code).length,
        bins: bins.filter((b) => b.location === l.code && !b.deleted).length,
        units: sum(
          stock.filter((s) => s.location === l.code),
          (s) => s.qty,
        ),
      })),
    );
    await expectLedgerClean(t.db);
  });

  it('role-changes: changes in the range, newest first, with who made them', async () => {
    const admin = await createUser(t.services, { role: 'admin' });
    const [alice, bob] = [
      await createUser(t.services, { role: 'user' }),
      await createUser(t.services, { role: 'user' }),
    ];
    const changes = [
      { user: alice, from: 'user', to: 'purchasing-admin', by: admin, at: '2021-05-01T00:00:00Z' },
      { user: bob, from: 'user', to: 'admin', by: null, at: '2021-05-20T13:00:00Z' },
      { user: alice, from: 'purchasing-admin', to: 'user', by: admin, at: '2021-05-31T23:59:59Z' },
      { user: bob, from: 'admin', to: 'user', by: admin, at: '2021-06-01T00:00:00Z' }, // after the range
      { user: bob, from: 'user', to: 'admin', by: admin, at: '2021-04-30T23:59:59Z' }, // before it
    ];
    // Made through the role editor's service (what it records is what the report reads), then dated.
    for (const c of changes) {
      await t.services.users.changeRole(c.by, c.user.id, await roleIdOf(t.db, c.to));
      await t.db.execute(
        sql`update record_changes set at = ${c.at} where entity = 'role' and field = ${`user ${c.user.username}`} and at > now() - interval '1 hour'`,
      );
    }
    const result = await runReport(t, roleChanges, { from: '2021-05-01', to: '2021-05-31' });
    expect(result.rows).toEqual(
      changes
        .filter((c) => c.at >= '2021-05-01' && c.at < '2021-06-01')
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((c) => ({
          changed_at: new Date(c.at).toISOString(),
          username: c.user.username,
          from_role: c.from,
          to_role: c.to,
          changed_by: c.by?.username ?? null,
        })),
    );
  });

  it('users-by-role: active and inactive users of each role that has users', async () => {
    const roles = [unique('report-role-a'), unique('report-role-b'), unique('report-role-empty')];
    const roleIds = new Map<string, number>();
    for (const role of roles) {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into roles (role_name) values (${role}) returning id`,
      );
      roleIds.set(role, row!.id);
    }
    const users = [
      { role: roles[0]!, active: true },
      { role: roles[0]!, active: true },
      { role: roles[0]!, active: false },
      { role: roles[1]!, active: false },
    ];
    for (const u of users) {
      await t.db.execute(
        sql`insert into users (username, role_id, is_active) values (${unique('report-user')}, ${roleIds.get(u.role)!}, ${u.active})`,
      );
    }
    const result = await runReport(t, usersByRole);
    const withUsers = roles.filter((r) => users.some((u) => u.role === r)).sort();
    expect(result.rows.filter((r) => String(r.role).startsWith('report-role'))).toEqual(
      withUsers.map((role) => ({
        role,
        active: users.filter((u) => u.role === role && u.active).length,
        inactive: users.filter((u) => u.role === role && !u.active).length,
      })),
    );
  });

  it('vendor-directory: vendors of the name, not deleted, with their rep, number of POs and last PO', async () => {
    const prefix = unique('Directory');
    const vendors = [
      {
        name: `${prefix} Alpha`,
        type: 'sales',
        rep: 'Ann Rep',
        repEmail: 'ann@example.com',
        pos: ['2024-01-05T10:00:00Z', '2024-03-07T12:00:00Z'],
        deleted: false,
      },
      { name: `${prefix} Beta`, type: 'service', rep: null, repEmail: null, pos: [], deleted: false },
      {
        name: `${prefix} Gamma`,
        type: 'sales',
        rep: 'Gus',
        repEmail: null,
        pos: ['2024-02-01T00:00:00Z'],
        deleted: true,
      }, // deleted
    ];
    const other = await t.services.vendors.create({ company_name: unique('Elsewhere'), vendor_type: 'sales' });
    for (const v of vendors) {
      const created = await t.services.vendors.create({
        company_name: v.name,
        vendor_type: v.type as 'sales',
        rep: v.rep,
        rep_email: v.repEmail,
      });
      for (const at of v.pos) {
        await t.db.execute(
          sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id, created_at) values (${unique('PO-DIR')}, 'KY01', ${created.id}, 4, ${at})`,
        );
      }
      if (v.deleted) await t.services.vendors.remove(created.id);
    }
    await t.db.execute(
      sql`insert into purchase_orders (purchase_ref_id, ims_location_code, vendor_id, status_id) values (${unique('PO-DIR')}, 'KY01', ${other.id}, 4)`,
    );
    const result = await runReport(t, vendorDirectory, { vendor: prefix.toLowerCase() });
    expect(result.rows).toEqual(
      vendors
        .filter((v) => !v.deleted)
        .map((v) => ({
          company_name: v.name,
          vendor_type: v.type,
          rep: v.rep ?? '',
          rep_email: v.repEmail ?? '',
          purchase_orders: v.pos.length,
          last_po: v.pos.length ? new Date(Math.max(...v.pos.map((at) => Date.parse(at)))).toISOString() : null,
        })),
    );
  });
});
