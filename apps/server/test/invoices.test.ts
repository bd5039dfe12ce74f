import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachedApInvoicesRoute,
  createApInvoiceRoute,
  createFinanceCompanyRoute,
  deleteApInvoiceRoute,
  fillPath,
  INVOICE_MESSAGES,
  linkApInvoicePurchaseOrderRoute,
  listApInvoicesRoute,
  listFinanceCompaniesRoute,
  toQueryString,
  type ApiRouteDef,
  type TApInvoice,
  type TRole,
} from '@keystone/contracts';
import { accountsPayableInvoices, financeCompanies } from '../src/db/schema.js';
import { InvoicesRepository } from '../src/modules/invoices/invoices.repository.js';
import { createUserPerRole, unique } from './factories.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { createFinanceCompany, createInvoice, createPurchaseOrder, createVendor } from './samples/invoices.js';

let t: TestApp;
let tokens: Map<TRole, string>;

const ROLES_USED: TRole[] = ['developer', 'finance-1', 'finance-lead', 'warehouse-1', 'purchasing-1'];

beforeAll(async () => {
  t = await createTestApp();
  const users = await createUserPerRole(t, ROLES_USED);
  tokens = new Map([...users].map(([role, u]) => [role, u.token]));
});

afterAll(async () => {
  await t?.close();
});

const tokenOf = (role: TRole) => tokens.get(role)!;

/** One call of a contract route, as a role. */
function call(
  role: TRole,
  route: ApiRouteDef,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } = {},
) {
  return t.app.inject({
    method: route.method,
    url: fillPath(route.path, input.params) + toQueryString(input.query),
    headers: bearer(tokenOf(role)),
    ...(input.body !== undefined ? { payload: input.body as InjectOptions['payload'] } : {}),
  });
}

async function invoiceCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(accountsPayableInvoices);
  return row!.n;
}

async function storedInvoice(id: number) {
  const [row] = await t.db.select().from(accountsPayableInvoices).where(eq(accountsPayableInvoices.id, id));
  return row ?? null;
}

/** A vendor, a purchase order and a finance company of its own for one test. */
async function scene() {
  const vendor = await createVendor(t.db, unique('Acme Appliances'));
  const order = await createPurchaseOrder(t.db, { vendorId: vendor.id, purchaseRefId: unique('PO-SCENE') });
  const finance = await createFinanceCompany(t.services, unique('Wells Floorplan'));
  return { vendor, order, finance };
}

function validBody(vendorId: number, extra: Record<string, unknown> = {}) {
  return {
    invoice_number: unique('INV'),
    invoice_amount: 250.5,
    invoice_date: '2025-03-10',
    due_date: '2025-04-09',
    purchase_date: '2025-03-01',
    vendor: vendorId,
    finance_company: null,
    purchase_id: null,
    ...extra,
  };
}

describe('finance companies', () => {
  it('finance-lead creates one (name trimmed) and the list answers every company by name', async () => {
    const name = unique('Zeta Capital');
    const res = await call('finance-lead', createFinanceCompanyRoute, { body: { company_name: `  ${name}  ` } });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(Number), company_name: name });
    const other = await createFinanceCompany(t.services, unique('Alpha Funding'));

    const list = await call('finance-1', listFinanceCompaniesRoute);
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { id: number; company_name: string }[];
    expect(data).toEqual(expect.arrayContaining([created, other]));
    const names = data.map((c) => c.company_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses a name already taken, regardless of case, with 422 errors.company_name', async () => {
    const name = unique('Duplicate Finance');
    await createFinanceCompany(t.services, name);
    const [before] = await t.db.select({ n: count() }).from(financeCompanies);
    const res = await call('finance-lead', createFinanceCompanyRoute, { body: { company_name: name.toUpperCase() } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_name: ['A finance company with this name already exists.'] });
    const [after] = await t.db.select({ n: count() }).from(financeCompanies);
    expect(after!.n).toBe(before!.n);
  });

  it('a concurrent insert of the same name is refused by the unique index (the repository answers null)', async () => {
    const name = unique('Race Finance');
    expect(await new InvoicesRepository(t.db).insertFinanceCompany(name)).toMatchObject({ companyName: name });
    expect(await new InvoicesRepository(t.db).insertFinanceCompany(name)).toBeNull();
  });

  it('refuses a blank name with 400 company_name', async () => {
    const res = await call('finance-lead', createFinanceCompanyRoute, { body: { company_name: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['company_name']);
  });
});

describe('creating an invoice', () => {
  it('answers the invoice with every field, linked to the PO named by its purchase ref, and stores cents', async () => {
    const { vendor, order, finance } = await scene();
    const body = validBody(vendor.id, {
      invoice_amount: 1234.56,
      finance_company: finance.id,
      purchase_id: order.purchaseRefId.toLowerCase(),
    });
    const res = await call('finance-1', createApInvoiceRoute, { body });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json() as TApInvoice;
    expect(invoice).toEqual({
      id: expect.any(Number),
      invoice_number: body.invoice_number,
      invoice_amount: 1234.56,
      invoice_date: '2025-03-10',
      due_date: '2025-04-09',
      purchase_date: '2025-03-01',
      vendor: { id: vendor.id, company_name: vendor.companyName },
      finance_company: { id: finance.id, company_name: finance.company_name },
      purchase_id: order.purchaseRefId,
      purchase: { id: order.id, purchase_ref_id: order.purchaseRefId },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const row = await storedInvoice(invoice.id);
    expect(row).toMatchObject({
      invoiceAmountCents: 123456,
      vendorId: vendor.id,
      financeCompanyId: finance.id,
      purchaseOrderId: order.id,
    });
  });

  it('stores empty dates, finance company and PO as null, whether sent as null or left out', async () => {
    const { vendor } = await scene();
    const withNulls = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { due_date: null, purchase_date: null }),
    });
    expect(withNulls.statusCode, withNulls.body).toBe(200);
    expect(withNulls.json()).toMatchObject({
      due_date: null,
      purchase_date: null,
      finance_company: null,
      purchase_id: null,
      purchase: null,
    });

    const leftOut = {
      invoice_number: unique('INV'),
      invoice_amount: 19.99,
      invoice_date: '2025-03-10',
      vendor: vendor.id,
    };
    const res = await call('finance-1', createApInvoiceRoute, { body: leftOut });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      invoice_amount: 19.99,
      due_date: null,
      purchase_date: null,
      finance_company: null,
      purchase: null,
    });
    expect((await storedInvoice(res.json().id))!.invoiceAmountCents).toBe(1999);
  });

  it.each([
    ['an amount of 0', { invoice_amount: 0 }, 'invoice_amount'],
    ['a negative amount', { invoice_amount: -5 }, 'invoice_amount'],
    ['an amount with 3 decimals', { invoice_amount: 10.005 }, 'invoice_amount'],
    ['an amount as text', { invoice_amount: '10.00' }, 'invoice_amount'],
    ['a blank invoice number', { invoice_number: '  ' }, 'invoice_number'],
    ['a missing invoice date', { invoice_date: undefined }, 'invoice_date'],
    ['a date that does not exist', { invoice_date: '2025-02-30' }, 'invoice_date'],
    ['a date in another format', { due_date: '04/09/2025' }, 'due_date'],
    ['a vendor that is not an id', { vendor: 'acme' }, 'vendor'],
    ['a purchase ref that is a number', { purchase_id: 12 }, 'purchase_id'],
  ])('refuses %s with 400 naming the field, creating nothing', async (_, extra, key) => {
    const { vendor } = await scene();
    const before = await invoiceCount();
    const res = await call('finance-1', createApInvoiceRoute, { body: validBody(vendor.id, extra) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([key]);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses an unknown or deleted vendor with 422 errors.vendor', async () => {
    const deleted = await createVendor(t.db, unique('Gone Vendor'), { isDeleted: true });
    for (const vendorId of [2_000_000_000, deleted.id]) {
      const res = await call('finance-1', createApInvoiceRoute, { body: validBody(vendorId) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ vendor: ['The vendor does not exist.'] });
    }
  });

  it('refuses an unknown finance company with 422 errors.finance_company', async () => {
    const { vendor } = await scene();
    const res = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { finance_company: 2_000_000_000 }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ finance_company: ['The finance company does not exist.'] });
  });

  it('refuses a purchase ref no PO has, or that two POs share, with 422 errors.purchase_id', async () => {
    const { vendor } = await scene();
    const unknown = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { purchase_id: 'NO-SUCH-PO' }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ purchase_id: ['No purchase order has this reference.'] });

    const ref = unique('PO-TWICE');
    await createPurchaseOrder(t.db, { vendorId: vendor.id, purchaseRefId: ref });
    await createPurchaseOrder(t.db, { vendorId: vendor.id, purchaseRefId: ref.toLowerCase() });
    const ambiguous = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { purchase_id: ref }),
    });
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().errors).toEqual({ purchase_id: ['More than one purchase order has this reference.'] });
  });

  it('refuses an invoice number the vendor already has (regardless of case) with 422 errors.invoice_number; another vendor may use it', async () => {
    const { vendor } = await scene();
    const other = await createVendor(t.db, unique('Other Vendor'));
    const number = unique('Dup-Inv');
    expect(
      (await call('finance-1', createApInvoiceRoute, { body: validBody(vendor.id, { invoice_number: number }) }))
        .statusCode,
    ).toBe(200);
    const before = await invoiceCount();
    const dup = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { invoice_number: number.toUpperCase() }),
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ invoice_number: ['This vendor already has an invoice with this number.'] });
    expect(await invoiceCount()).toBe(before);
    const elsewhere = await call('finance-1', createApInvoiceRoute, {
      body: validBody(other.id, { invoice_number: number }),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('answers a concurrent duplicate with 422 too: one of two simultaneous creates wins', async () => {
    const { vendor } = await scene();
    const body = validBody(vendor.id);
    const results = await Promise.all([
      call('finance-1', createApInvoiceRoute, { body }),
      call('finance-lead', createApInvoiceRoute, { body }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({
      invoice_number: ['This vendor already has an invoice with this number.'],
    });
    const rows = await t.db
      .select()
      .from(accountsPayableInvoices)
      .where(eq(accountsPayableInvoices.invoiceNumber, body.invoice_number));
    expect(rows).toHaveLength(1);
  });

  it('the unique index refuses a duplicate the service did not see (the repository answers null)', async () => {
    const { vendor } = await scene();
    const repo = new InvoicesRepository(t.db);
    const values = {
      invoiceNumber: unique('RACE'),
      invoiceAmountCents: 100,
      invoiceDate: '2025-01-01',
      vendorId: vendor.id,
    };
    expect(await repo.insertInvoice(values)).toEqual(expect.any(Number));
    expect(await repo.insertInvoice(values)).toBeNull();
  });

  it('refuses a due date before the invoice date with 422 errors.due_date; the same day is fine', async () => {
    const { vendor } = await scene();
    const early = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { invoice_date: '2025-03-10', due_date: '2025-03-09' }),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ due_date: ['The due date cannot be before the invoice date.'] });
    const sameDay = await call('finance-1', createApInvoiceRoute, {
      body: validBody(vendor.id, { invoice_date: '2025-03-10', due_date: '2025-03-10' }),
    });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
  });

  it('reports every failed rule at once', async () => {
    const res = await call('finance-1', createApInvoiceRoute, {
      body: validBody(2_000_000_000, {
        finance_company: 2_000_000_001,
        purchase_id: 'NO-SUCH-PO',
        invoice_date: '2025-03-10',
        due_date: '2025-01-01',
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, message: 'The given data was invalid.' });
    expect(Object.keys(res.json().errors).sort()).toEqual(['due_date', 'finance_company', 'purchase_id', 'vendor']);
  });
});

describe('searching invoices', () => {
  let vendorA: { id: number };
  let vendorB: { id: number };
  let financeId: number;
  const marker = unique('SRCH').toUpperCase();
  const made: Record<string, TApInvoice> = {};

  beforeAll(async () => {
    vendorA = await createVendor(t.db, unique('Search Vendor A'));
    vendorB = await createVendor(t.db, unique('Search Vendor B'));
    financeId = (await createFinanceCompany(t.services, unique('Search Finance'))).id;
    made.first = await createInvoice(t.services, {
      vendor: vendorA.id,
      invoice_number: `${marker}-first`,
      invoice_amount: 99.95,
      invoice_date: '2024-01-05',
      due_date: '2024-02-05',
      purchase_date: '2024-01-01',
      finance_company: financeId,
    });
    made.second = await createInvoice(t.services, {
      vendor: vendorA.id,
      invoice_number: `${marker}-second`,
      invoice_amount: 10,
      invoice_date: '2024-01-06',
      due_date: '2024-03-01',
    });
    made.third = await createInvoice(t.services, {
      vendor: vendorB.id,
      invoice_number: `${marker}-third`,
      invoice_amount: 99.95,
      invoice_date: '2024-01-05',
      purchase_date: '2024-01-02',
    });
    made.percent = await createInvoice(t.services, {
      vendor: vendorB.id,
      invoice_number: `${marker}-50%_off`,
      invoice_amount: 5,
    });
  });

  const search = async (query: Record<string, unknown>) => {
    const res = await call('finance-1', listApInvoicesRoute, { query: { invoice_number: marker, ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: TApInvoice[]; total: number; page: number; per_page: number };
  };
  const numbers = (r: { data: TApInvoice[] }) => r.data.map((i) => i.invoice_number).sort();

  it('matches invoice numbers containing the text, regardless of case, newest first', async () => {
    const res = await call('finance-1', listApInvoicesRoute, { query: { invoice_number: marker.toLowerCase() } });
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.data.map((i: TApInvoice) => i.id)).toEqual([
      made.percent!.id,
      made.third!.id,
      made.second!.id,
      made.first!.id,
    ]);
    expect(body.data[3]).toEqual(made.first);
  });

  it('takes % and _ in the text literally', async () => {
    expect(numbers(await search({ invoice_number: '50%_off' }))).toEqual([`${marker}-50%_off`]);
    expect((await search({ invoice_number: `${marker}%third` })).total).toBe(0);
  });

  it.each([
    ['invoice_amount', { invoice_amount: 99.95 }, ['first', 'third']],
    ['invoice_amount as text', { invoice_amount: '10' }, ['second']],
    ['vendor', { vendor: 'A' }, ['first', 'second']],
    ['finance_company', { finance_company: 'F' }, ['first']],
    ['invoice_date', { invoice_date: '2024-01-05' }, ['first', 'third']],
    ['purchase_date', { purchase_date: '2024-01-02' }, ['third']],
    ['due_date', { due_date: '2024-03-01' }, ['second']],
    ['vendor and invoice_amount', { vendor: 'B', invoice_amount: 99.95 }, ['third']],
  ])('filters by %s', async (_, query, expected) => {
    const resolved = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [
        k,
        v === 'A' ? vendorA.id : v === 'B' ? vendorB.id : v === 'F' ? financeId : v,
      ]),
    );
    expect(numbers(await search(resolved))).toEqual(expected.map((n) => `${marker}-${n}`).sort());
  });

  it('answers 10 a page by default, with the total', async () => {
    const vendor = await createVendor(t.db, unique('Paging Vendor'));
    const prefix = unique('PAGE').toUpperCase();
    for (let i = 0; i < 12; i++)
      await createInvoice(t.services, { vendor: vendor.id, invoice_number: `${prefix}-${String(i).padStart(2, '0')}` });
    const first = await call('finance-1', listApInvoicesRoute, { query: { vendor: vendor.id } });
    expect(first.json()).toMatchObject({ total: 12, page: 1, per_page: 10 });
    expect(first.json().data).toHaveLength(10);
    const second = await call('finance-1', listApInvoicesRoute, { query: { vendor: vendor.id, page: 2 } });
    expect(second.json().data.map((i: TApInvoice) => i.invoice_number)).toEqual([`${prefix}-01`, `${prefix}-00`]);
  });

  it('takes empty values (a cleared search field, `invoice_date=`) as no filter, not a 400', async () => {
    const empty = '&invoice_amount=&finance_company=&vendor=&invoice_date=&purchase_date=&due_date=&page=&per_page=';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounts-payable-invoice?invoice_number=${marker}${empty}`,
      headers: bearer(tokenOf('finance-1')),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 4, page: 1, per_page: 10 });
    const blank = await t.app.inject({
      method: 'GET',
      url: `/api/accounts-payable-invoice?invoice_number=${empty}`,
      headers: bearer(tokenOf('finance-1')),
    });
    expect(blank.statusCode, blank.body).toBe(200);
  });

  it.each([
    ['invoice_amount=1.234', 'invoice_amount'],
    ['invoice_date=2024-13-01', 'invoice_date'],
    ['vendor=acme', 'vendor'],
    ['per_page=500', 'per_page'],
  ])('refuses %s with 400', async (text, key) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounts-payable-invoice?${text}`,
      headers: bearer(tokenOf('finance-1')),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([key]);
  });
});

describe('linking an invoice to a purchase order', () => {
  it('links, answers the PO, lists it as attached, and un-links', async () => {
    const { vendor, order } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    const linked = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_order_id: order.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      id: invoice.id,
      purchase_id: order.purchaseRefId,
      purchase: { id: order.id, purchase_ref_id: order.purchaseRefId },
    });
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBe(order.id);

    const attached = await call('finance-1', attachedApInvoicesRoute, { params: { poId: order.id } });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data).toEqual([linked.json()]);

    // Linking to the same PO again changes nothing.
    const again = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_order_id: order.id },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(linked.json());

    const unlinked = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_order_id: null },
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ id: invoice.id, purchase_id: null, purchase: null });
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBeNull();
    expect((await call('finance-1', attachedApInvoicesRoute, { params: { poId: order.id } })).json().data).toEqual([]);
  });

  it('refuses to move a linked invoice to another PO (409) until it is un-linked', async () => {
    const { vendor, order } = await scene();
    const other = await createPurchaseOrder(t.db, { vendorId: vendor.id });
    const invoice = await createInvoice(t.services, { vendor: vendor.id, purchase_id: order.purchaseRefId });
    const res = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_order_id: other.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `The invoice is already linked to purchase order ${order.purchaseRefId}; un-link it first.`,
    );
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBe(order.id);
  });

  it('refuses an unknown purchase order with 422 errors.purchase_order_id', async () => {
    const { vendor } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    const res = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_order_id: 2_000_000_000 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ purchase_order_id: ['The purchase order does not exist.'] });
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBeNull();
  });

  it('links by the PO number a person reads (purchase_id, any case), as the screen sends it', async () => {
    const { vendor, order } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    const linked = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_id: ` ${order.purchaseRefId.toLowerCase()} ` },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      id: invoice.id,
      purchase_id: order.purchaseRefId,
      purchase: { id: order.id, purchase_ref_id: order.purchaseRefId },
    });
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBe(order.id);
  });

  it('refuses an unknown PO number with 422 errors.purchase_id naming it, and a body with neither or both keys with 400', async () => {
    const { vendor, order } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    const res = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_id: 'W999999' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ purchase_id: [INVOICE_MESSAGES.poNumberUnknown('W999999')] });
    expect(INVOICE_MESSAGES.poNumberUnknown('W999999')).toBe('No purchase order has the number W999999.');
    const neither = await call('finance-1', linkApInvoicePurchaseOrderRoute, { body: { id: invoice.id } as never });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({ purchase_id: [INVOICE_MESSAGES.linkTargetRequired] });
    const both = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
      body: { id: invoice.id, purchase_id: order.purchaseRefId, purchase_order_id: order.id },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ purchase_id: [INVOICE_MESSAGES.linkTargetTwice] });
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBeNull();
  });

  it('answers 404 for an unknown invoice, linking or un-linking', async () => {
    const { order } = await scene();
    for (const purchase_order_id of [order.id, null]) {
      const res = await call('finance-1', linkApInvoicePurchaseOrderRoute, {
        body: { id: 2_000_000_000, purchase_order_id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('invoice 2000000000 does not exist');
    }
  });
});

describe('attached invoices of a purchase order', () => {
  it('lists only the invoices linked to that PO, oldest first; an unknown PO is 404', async () => {
    const { vendor, order } = await scene();
    const other = await createPurchaseOrder(t.db, { vendorId: vendor.id });
    const a = await createInvoice(t.services, { vendor: vendor.id, purchase_id: order.purchaseRefId });
    const b = await createInvoice(t.services, { vendor: vendor.id, purchase_id: order.purchaseRefId });
    await createInvoice(t.services, { vendor: vendor.id, purchase_id: other.purchaseRefId });
    await createInvoice(t.services, { vendor: vendor.id });
    const res = await call('purchasing-1', attachedApInvoicesRoute, { params: { poId: order.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([a, b]);
    const empty = await createPurchaseOrder(t.db, { vendorId: vendor.id });
    expect((await call('finance-1', attachedApInvoicesRoute, { params: { poId: empty.id } })).json()).toEqual({
      data: [],
    });
    const missing = await call('finance-1', attachedApInvoicesRoute, { params: { poId: 2_000_000_000 } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('deleting an invoice', () => {
  it('is refused while a PO is linked, and allowed after un-linking', async () => {
    const { vendor, order } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id, purchase_id: order.purchaseRefId });
    const refused = await call('finance-lead', deleteApInvoiceRoute, { params: { id: invoice.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.linkedCannotBeDeleted);
    expect(await storedInvoice(invoice.id)).not.toBeNull();

    expect(
      (await call('finance-1', linkApInvoicePurchaseOrderRoute, { body: { id: invoice.id, purchase_order_id: null } }))
        .statusCode,
    ).toBe(200);
    const deleted = await call('finance-lead', deleteApInvoiceRoute, { params: { id: invoice.id } });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await storedInvoice(invoice.id)).toBeNull();

    const again = await call('finance-lead', deleteApInvoiceRoute, { params: { id: invoice.id } });
    expect(again.statusCode).toBe(404);
  });
});

describe('permissions per role family (001 §6)', () => {
  it('finance-1 creates and links invoices but may not delete them or create finance companies', async () => {
    const { vendor, order } = await scene();
    const created = await call('finance-1', createApInvoiceRoute, { body: validBody(vendor.id) });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(
      (await call('finance-1', linkApInvoicePurchaseOrderRoute, { body: { id, purchase_order_id: order.id } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('finance-1', linkApInvoicePurchaseOrderRoute, { body: { id, purchase_order_id: null } })).statusCode,
    ).toBe(200);

    const refusedDelete = await call('finance-1', deleteApInvoiceRoute, { params: { id } });
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().message).toBe('access denied');
    expect(await storedInvoice(id)).not.toBeNull();

    const [before] = await t.db.select({ n: count() }).from(financeCompanies);
    expect(
      (await call('finance-1', createFinanceCompanyRoute, { body: { company_name: unique('Nope Finance') } }))
        .statusCode,
    ).toBe(403);
    const [after] = await t.db.select({ n: count() }).from(financeCompanies);
    expect(after!.n).toBe(before!.n);
  });

  it('finance-lead deletes invoices and creates finance companies', async () => {
    const { vendor } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    expect((await call('finance-lead', deleteApInvoiceRoute, { params: { id: invoice.id } })).statusCode).toBe(204);
    expect(await storedInvoice(invoice.id)).toBeNull();
    expect(
      (await call('finance-lead', createFinanceCompanyRoute, { body: { company_name: unique('Lead Finance') } }))
        .statusCode,
    ).toBe(200);
  });

  it('purchasing-1 may view invoices but not create, link or delete them', async () => {
    const { vendor, order } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    expect((await call('purchasing-1', listApInvoicesRoute, { query: { vendor: vendor.id } })).json().total).toBe(1);
    const before = await invoiceCount();
    expect((await call('purchasing-1', createApInvoiceRoute, { body: validBody(vendor.id) })).statusCode).toBe(403);
    expect(
      (
        await call('purchasing-1', linkApInvoicePurchaseOrderRoute, {
          body: { id: invoice.id, purchase_order_id: order.id },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('purchasing-1', deleteApInvoiceRoute, { params: { id: invoice.id } })).statusCode).toBe(403);
    expect(await invoiceCount()).toBe(before);
    expect((await storedInvoice(invoice.id))!.purchaseOrderId).toBeNull();
  });

  it('warehouse-1 is refused every invoice call with 403, and nothing changes', async () => {
    const { vendor, order } = await scene();
    const invoice = await createInvoice(t.services, { vendor: vendor.id });
    const before = await invoiceCount();
    const calls: [ApiRouteDef, Parameters<typeof call>[2]][] = [
      [listFinanceCompaniesRoute, {}],
      [createFinanceCompanyRoute, { body: { company_name: unique('Warehouse Finance') } }],
      [listApInvoicesRoute, { query: {} }],
      [createApInvoiceRoute, { body: validBody(vendor.id) }],
      [linkApInvoicePurchaseOrderRoute, { body: { id: invoice.id, purchase_order_id: order.id } }],
      [deleteApInvoiceRoute, { params: { id: invoice.id } }],
      [attachedApInvoicesRoute, { params: { poId: order.id } }],
    ];
    for (const [route, input] of calls) {
      const res = await call('warehouse-1', route, input);
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: 'access denied' });
    }
    expect(await invoiceCount()).toBe(before);
    expect(await storedInvoice(invoice.id)).toMatchObject({ id: invoice.id, purchaseOrderId: null });
  });
});
