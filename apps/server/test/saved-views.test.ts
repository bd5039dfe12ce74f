import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEWS_PER_LIST_MAX, type TSavedView } from '@keystone/contracts';
import { createSignedInUser, type TestUser } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';

type Signed = TestUser & { token: string };

let t: TestApp;
let ann: Signed;
let bob: Signed;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const PO_STATE = {
  filters: { selectedStatus: '2', fromDate: '2025-01-01' },
  sort: { by: 'vendor_name', order: 'asc' },
  columns: null,
};

async function create(token: string, body: Record<string, unknown>): Promise<TSavedView> {
  const res = await call(token, 'POST', '/api/saved-views', { list: 'purchase-orders', state: PO_STATE, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TSavedView;
}

async function listOf(token: string, list = 'purchase-orders'): Promise<TSavedView[]> {
  const res = await call(token, 'GET', `/api/saved-views?list=${list}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TSavedView[] }).data;
}

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = await Promise.all([
    createSignedInUser(t, { role: 'purchasing-admin' }),
    createSignedInUser(t, { role: 'user' }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('saved views', () => {
  it('creates, lists by name, renames, updates the state and deletes a view', async () => {
    const open = await create(ann.token, { name: 'Open by vendor' });
    expect(open).toMatchObject({ list: 'purchase-orders', name: 'Open by vendor', state: PO_STATE, is_default: false });
    await create(ann.token, { name: 'all late', state: { filters: {}, sort: null, columns: null } });
    expect((await listOf(ann.token)).map((v) => v.name)).toEqual(['all late', 'Open by vendor']);
    expect(await listOf(ann.token, 'products')).toEqual([]);

    const renamed = await call(ann.token, 'PUT', `/api/saved-views/${open.id}`, { name: '  Open, by vendor ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Open, by vendor', state: PO_STATE });

    const state = { filters: { paid: 'No' }, sort: { by: 'created_at', order: 'desc' }, columns: null };
    const updated = await call(ann.token, 'PUT', `/api/saved-views/${open.id}`, { state });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Open, by vendor', state });
    expect((await listOf(ann.token)).find((v) => v.id === open.id)?.state).toEqual(state);

    const gone = await call(ann.token, 'DELETE', `/api/saved-views/${open.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await listOf(ann.token)).map((v) => v.name)).toEqual(['all late']);
    expect((await call(ann.token, 'DELETE', `/api/saved-views/${open.id}`)).statusCode).toBe(404);
  });

  it('keeps a products view with its visible columns', async () => {
    const res = await call(ann.token, 'POST', '/api/saved-views', {
      list: 'products',
      name: 'Cheap',
      state: { filters: { brand: 'ACME' }, sort: null, columns: ['model_number', 'current_cost'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await listOf(ann.token, 'products'))[0]?.state.columns).toEqual(['model_number', 'current_cost']);
  });

  it('refuses a second view of the same name on the same list (any case) with 409 naming the name', async () => {
    const first = await create(ann.token, { name: 'Weekly' });
    const again = await call(ann.token, 'POST', '/api/saved-views', {
      list: 'purchase-orders',
      name: 'WEEKLY',
      state: PO_STATE,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors).toEqual({ name: [expect.stringContaining('WEEKLY')] });

    const other = await create(ann.token, { name: 'Monthly' });
    const rename = await call(ann.token, 'PUT', `/api/saved-views/${other.id}`, { name: 'weekly' });
    expect(rename.statusCode, rename.body).toBe(409);
    expect(Object.keys(rename.json().errors)).toEqual(['name']);
    // Its own name in another case is no clash.
    expect((await call(ann.token, 'PUT', `/api/saved-views/${first.id}`, { name: 'weekly' })).statusCode).toBe(200);
    // The same name is free on another list and for another person.
    await create(bob.token, { name: 'Weekly' });
    const products = await call(ann.token, 'POST', '/api/saved-views', {
      list: 'products',
      name: 'Weekly',
      state: { filters: {}, sort: null, columns: null },
    });
    expect(products.statusCode, products.body).toBe(201);
  });

  it('keeps one default per person and list: making another the default clears the first', async () => {
    const a = await create(bob.token, { name: 'Default A', is_default: true });
    expect(a.is_default).toBe(true);
    const b = await create(bob.token, { name: 'Default B' });
    const set = await call(bob.token, 'PUT', `/api/saved-views/${b.id}/default`, { is_default: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().is_default).toBe(true);
    let views = await listOf(bob.token);
    expect(views.filter((v) => v.is_default).map((v) => v.name)).toEqual(['Default B']);

    // A default on another list and another person's default are left alone.
    const p = await call(bob.token, 'POST', '/api/saved-views', {
      list: 'products',
      name: 'P',
      state: { filters: {}, sort: null, columns: null },
      is_default: true,
    });
    expect(p.statusCode).toBe(201);
    const annDefault = await create(ann.token, { name: 'Ann default', is_default: true });
    const c = await create(bob.token, { name: 'Default C', is_default: true });
    views = await listOf(bob.token);
    expect(views.filter((v) => v.is_default).map((v) => v.id)).toEqual([c.id]);
    expect((await listOf(bob.token, 'products'))[0]?.is_default).toBe(true);
    expect((await listOf(ann.token)).find((v) => v.id === annDefault.id)?.is_default).toBe(true);

    const cleared = await call(bob.token, 'PUT', `/api/saved-views/${c.id}/default`, { is_default: false });
    expect(cleared.json().is_default).toBe(false);
    expect((await listOf(bob.token)).some((v) => v.is_default)).toBe(false);
  });

  it("answers 404 for another person's view, and changes nothing", async () => {
    const mine = await create(ann.token, { name: 'Private' });
    const url = `/api/saved-views/${mine.id}`;
    expect((await call(bob.token, 'PUT', url, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(bob.token, 'PUT', `${url}/default`, { is_default: true })).statusCode).toBe(404);
    expect((await call(bob.token, 'DELETE', url)).statusCode).toBe(404);
    expect((await listOf(bob.token)).some((v) => v.id === mine.id)).toBe(false);
    const still = (await listOf(ann.token)).find((v) => v.id === mine.id);
    expect(still).toMatchObject({ name: 'Private', is_default: false });
  });

  it('refuses bad state with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ filters: { notAFilter: 'x' }, sort: null, columns: null }, 'state.filters.notAFilter'],
      [{ filters: { poNumber: 'x'.repeat(201) }, sort: null, columns: null }, 'state.filters.poNumber'],
      [{ filters: {}, sort: { by: 'price', order: 'asc' }, columns: null }, 'state.sort.by'],
      [{ filters: {}, sort: { by: 'created_at', order: 'up' }, columns: null }, 'state.sort.order'],
      [{ filters: {}, sort: null, columns: ['model_number'] }, 'state.columns'],
      [{ filters: [], sort: null, columns: null }, 'state.filters'],
      [{ filters: {}, sort: null }, 'state.columns'],
      [{ filters: {}, sort: null, columns: null, extra: 1 }, 'state'],
      ['{"filters":{}}', 'state'],
    ];
    for (const [state, field] of cases) {
      const res = await call(ann.token, 'POST', '/api/saved-views', { list: 'purchase-orders', name: 'Bad', state });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(state)).toContain(field);
    }
    const products = await call(ann.token, 'POST', '/api/saved-views', {
      list: 'products',
      name: 'Bad',
      state: { filters: {}, sort: null, columns: ['model_number', 'price'] },
    });
    expect(products.statusCode).toBe(400);
    expect(Object.keys(products.json().errors)).toEqual(['state.columns.1']);
    // An update is checked against the view's own list.
    const view = await create(ann.token, { name: 'To break' });
    const update = await call(ann.token, 'PUT', `/api/saved-views/${view.id}`, {
      state: { filters: { brand: 'ACME' }, sort: null, columns: null },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().errors).toEqual({ 'state.filters.brand': ['is not a filter of the purchase-orders list'] });
    for (const [body, field] of [
      [{ list: 'nope', name: 'x', state: PO_STATE }, 'list'],
      [{ list: 'purchase-orders', name: '   ', state: PO_STATE }, 'name'],
      [{ list: 'purchase-orders', name: 'x'.repeat(61), state: PO_STATE }, 'name'],
    ] as const) {
      const res = await call(ann.token, 'POST', '/api/saved-views', body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await call(ann.token, 'PUT', `/api/saved-views/${view.id}`, {})).statusCode).toBe(400);
    expect((await call(ann.token, 'GET', '/api/saved-views?list=nope')).statusCode).toBe(400);
  });

  it("keeps the other lists' views with their own filters and sorts, and refuses what another list takes", async () => {
    const good: [string, Record<string, string>, { by: string; order: 'asc' | 'desc' } | null][] = [
      ['contacts', { searchBy: 'name', firstName: 'Ada', lastName: 'Lovelace' }, null],
      ['bins', { location: 'KY01', search: 'A-01' }, { by: 'bin_name', order: 'asc' }],
      ['audits', { tab: 'completed' }, null],
      ['committed-sales', { search: 'INV-1' }, null],
      ['committed-transfers', { search: 'MODEL-1' }, null],
    ];
    for (const [list, filters, sort] of good) {
      const view = await create(bob.token, { list, name: `Mine ${list}`, state: { filters, sort, columns: null } });
      expect(view).toMatchObject({ list, state: { filters, sort, columns: null } });
      expect((await listOf(bob.token, list)).map((v) => v.name)).toEqual([`Mine ${list}`]);
    }
    const bad: [string, unknown, string][] = [
      ['contacts', { filters: { poNumber: '1' }, sort: null, columns: null }, 'state.filters.poNumber'],
      ['bins', { filters: {}, sort: { by: 'location_code', order: 'asc' }, columns: null }, 'state.sort.by'],
      ['audits', { filters: { search: 'x' }, sort: null, columns: null }, 'state.filters.search'],
      ['committed-sales', { filters: {}, sort: null, columns: ['search'] }, 'state.columns'],
      ['committed-transfers', { filters: { tab: 'completed' }, sort: null, columns: null }, 'state.filters.tab'],
    ];
    for (const [list, state, field] of bad) {
      const res = await call(bob.token, 'POST', '/api/saved-views', { list, name: 'Bad', state });
      expect(res.statusCode, `${list}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it(`keeps at most ${SAVED_VIEWS_PER_LIST_MAX} views of a list per person`, async () => {
    const carol = await createSignedInUser(t, { role: 'user' });
    for (let i = 0; i < SAVED_VIEWS_PER_LIST_MAX; i++) await create(carol.token, { name: `View ${i}` });
    const over = await call(carol.token, 'POST', '/api/saved-views', {
      list: 'purchase-orders',
      name: 'One more',
      state: PO_STATE,
    });
    expect(over.statusCode).toBe(409);
    expect(Object.keys(over.json().errors)).toEqual(['list']);
  });
});
