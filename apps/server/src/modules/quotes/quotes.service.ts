import {
  DEFAULT_WORK_ORDER_LOCATION,
  MAX_INTEGER_CENTS,
  QUOTE_MAX_LINES,
  QUOTE_MESSAGES,
  SALES_DESK_TAX_PLATFORM,
  centsToDollars,
  dollarsToCents,
  laborAmountCents,
  quoteLockedMessage,
  quoteNumber,
  roundHalfUpDiv,
  workOrderNumber,
  type TLaborLine,
  type TLaborLineAdd,
  type TLaborLineUpdate,
  type TLaborType,
  type TQuote,
  type TQuoteApprovalStatus,
  type TQuoteCondition,
  type TQuoteFull,
  type TQuoteItem,
  type TQuoteItemAdd,
  type TQuoteItemUpdate,
  type TQuoteSearchKey,
  type TQuoteStatus,
  type TQuoteStore,
  type TQuoteUpdate,
  type TWorkOrder,
} from '@keystone/contracts';
import type { Database, Executor } from '../../db/database.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/register-route.js';
import type { CommittedSalesService } from '../committed-sales/committed-sales.service.js';
import { nameAlternatives, toContactDto } from '../contacts/contacts.service.js';
import { renderQuotePdf } from '../documents/quote-pdf.js';
import { LedgerRefusal } from '../ledger/ledger-writer.js';
import { LedgerWrites } from '../ledger/ledger-transaction.js';
import {
  QuotesRepository,
  type ItemWithProduct,
  type LaborLineRow,
  type NewQuoteRow,
  type QuoteRow,
  type QuoteWithNames,
} from './quotes.repository.js';

const text = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();
const money = (v: number | undefined) => (v === undefined ? undefined : dollarsToCents(v));
const hundredths = (hours: number) => Math.round(hours * 100);
const PPM = 1_000_000;

function toQuoteDto(row: QuoteWithNames): TQuote {
  const q = row.quote;
  return {
    id: q.id,
    quote_number: quoteNumber(q.id),
    sold_contact_id: q.soldContactId,
    ship_contact_id: q.shipContactId,
    bill_contact_id: q.billContactId,
    sold_account_id: q.soldAccountId,
    quote_type: q.quoteType,
    quote_class: q.quoteClass,
    quote_status: q.quoteStatus as TQuoteStatus,
    primary_sales_id: q.primarySalesId,
    second_sales_id: q.secondSalesId,
    third_sales_id: q.thirdSalesId,
    primary_sales_name: row.primarySalesName,
    product_total: centsToDollars(q.productTotalCents),
    labor_total: centsToDollars(q.laborTotalCents),
    shipping_total: centsToDollars(q.shippingTotalCents),
    tax_total: centsToDollars(q.taxTotalCents),
    total: centsToDollars(q.totalCents),
    tax_rate: q.taxRatePpm / 10_000,
    tax_state: q.taxStateCode,
    notes: q.notes,
    lead_source: q.leadSource,
    primary_development: q.primaryDevelopment,
    primary_product_interest: q.primaryProductInterest,
    primary_feature_interest: q.primaryFeatureInterest,
    demo_affinity: q.demoAffinity,
    approval_status: q.approvalStatus as TQuoteApprovalStatus,
    approval_status_notes: q.approvalStatusNotes,
    sold_contact_name: [row.soldFirstName, row.soldLastName].filter(Boolean).join(' '),
    locked: q.quoteStatus === 'CONVERTED',
    work_order_id: row.workOrderId,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    converted_at: q.convertedAt ? q.convertedAt.toISOString() : null,
  };
}

function toItemDto({ item, model, description }: ItemWithProduct): TQuoteItem {
  return {
    id: item.id,
    quote_id: item.quoteId,
    productId: item.productId,
    model,
    description,
    condition: item.condition as TQuoteCondition,
    number_units: item.numberUnits,
    unit_price: centsToDollars(item.unitPriceCents),
    line_total: centsToDollars(item.numberUnits * item.unitPriceCents),
  };
}

function toLaborDto(row: LaborLineRow): TLaborLine {
  return {
    id: row.id,
    quote_id: row.quoteId,
    description: row.description,
    labor_type: row.laborType as TLaborType,
    hours: row.hundredthsOfHours === null ? null : row.hundredthsOfHours / 100,
    rate: centsToDollars(row.rateCents),
    amount: centsToDollars(row.amountCents),
  };
}

const tooLarge = (field: string) =>
  unprocessable(QUOTE_MESSAGES.invalid, {
    [field]: [`the quote's total would pass ${centsToDollars(MAX_INTEGER_CENTS).toLocaleString('en-US')} dollars`],
  });

/**
 * Quotes, their unit and labor lines, and their conversion to work orders (docs/decisions.md "Quotes and
 * work orders"). Every change runs in one transaction that locks the quote row, refuses a converted quote
 * (409) and recomputes the totals in cents. Converting commits the units through the committed-sales service (which
 * reserves the stock; the ledger stays its only writer), in the same transaction.
 */
export class QuotesService {
  constructor(
    private readonly db: Database,
    private readonly committedSales: CommittedSalesService,
    /** The one entry of stock writes (the same as committedSales'): converting commits stock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
    private readonly company: { name: string } = { name: 'Keystone' },
  ) {}

  private repo(executor: Executor = this.db) {
    return new QuotesRepository(executor);
  }

  // ---------------------------------------------------------------------------------------------------- reads

  async full(id: number, executor: Executor = this.db): Promise<TQuoteFull> {
    const repo = this.repo(executor);
    const row = await repo.quoteWithNames(id);
    if (!row) throw notFound(`quote ${id} does not exist`);
    const q = row.quote;
    const [contactRows, items, labor] = await Promise.all([
      repo.contactsByIds([q.soldContactId, q.shipContactId, q.billContactId]),
      repo.items(id),
      repo.laborLines(id),
    ]);
    const contact = (cid: number) => toContactDto(contactRows.find((c) => c.id === cid)!);
    return {
      quote: toQuoteDto(row),
      sold_contact: contact(q.soldContactId),
      ship_contact: contact(q.shipContactId),
      bill_contact: contact(q.billContactId),
      items: items.map(toItemDto),
      labor_lines: labor.map(toLaborDto),
    };
  }

  async search(key: TQuoteSearchKey, value: string, size: number): Promise<TQuote[]> {
    const repo = this.repo();
    const v = value.trim();
    let where;
    if (key === 'name') where = repo.soldNameMatches(nameAlternatives(v));
    else if (key === 'status') {
      const status = v.toUpperCase();
      where = repo.byStatus(status);
    } else {
      const digits = key === 'quote_number' ? /^(?:Q-?)?0*(\d{1,9})$/i.exec(v)?.[1] : /^\d{1,9}$/.exec(v)?.[0];
      if (!digits) return [];
      where = key === 'quote_number' ? repo.byId(Number(digits)) : repo.byContact(Number(digits));
    }
    return (await repo.search(where, size)).map(toQuoteDto);
  }

  async contactQuotes(contactId: number, size: number): Promise<TQuote[]> {
    const repo = this.repo();
    if (!(await repo.contactsByIds([contactId])).length) throw notFound(`contact ${contactId} does not exist`);
    return (await repo.search(repo.byContact(contactId), size)).map(toQuoteDto);
  }

  async contactQuotesByName(firstName: string, lastName: string, size: number): Promise<TQuote[]> {
    const first = firstName.trim().replace(/\s+/g, ' ');
    const last = lastName.trim().replace(/\s+/g, ' ');
    if (!first && !last) {
      const message = 'Enter a first or last name';
      throw unprocessable(QUOTE_MESSAGES.invalid, { firstName: [message], lastName: [message] });
    }
    const repo = this.repo();
    return (
      await repo.search(repo.soldNameMatches([{ ...(first ? { first } : {}), ...(last ? { last } : {}) }]), size)
    ).map(toQuoteDto);
  }

  async searchItems(quoteId: number, model: string | undefined): Promise<TQuoteItem[]> {
    const repo = this.repo();
    if (!(await repo.findQuote(quoteId))) throw notFound(`quote ${quoteId} does not exist`);
    const prefix = model?.trim().toUpperCase();
    return (await repo.items(quoteId))
      .filter((i) => !prefix || i.model.toUpperCase().startsWith(prefix))
      .map(toItemDto);
  }

  // --------------------------------------------------------------------------------------------------- writes

  /** Checks the contact and user ids the input names (422 naming each unknown one). */
  private async checkReferences(repo: QuotesRepository, input: Record<string, unknown>): Promise<void> {
    const errors: Record<string, string[]> = {};
    const contactFields = ['sold_contact_id', 'ship_contact_id', 'bill_contact_id'].filter(
      (f) => typeof input[f] === 'number',
    );
    const found = new Set((await repo.contactsByIds(contactFields.map((f) => input[f] as number))).map((c) => c.id));
    for (const f of contactFields) if (!found.has(input[f] as number)) errors[f] = ['no contact has this id'];
    const userFields = ['primary_sales_id', 'second_sales_id', 'third_sales_id'].filter(
      (f) => typeof input[f] === 'number',
    );
    const users = await repo.existingUserIds(userFields.map((f) => input[f] as number));
    for (const f of userFields) if (!users.has(input[f] as number)) errors[f] = ['no user has this id'];
    if (Object.keys(errors).length) throw unprocessable(QUOTE_MESSAGES.invalid, errors);
  }

  /** The header columns an input sets (undefined: left as it is). */
  private headerValues(input: Omit<TQuoteUpdate, 'id'>): Partial<NewQuoteRow> {
    const values: Partial<NewQuoteRow> = {
      soldContactId: input.sold_contact_id as number | undefined,
      shipContactId: input.ship_contact_id as number | undefined,
      billContactId: input.bill_contact_id as number | undefined,
      soldAccountId: input.sold_account_id,
      quoteType: input.quote_type,
      quoteClass: input.quote_class,
      quoteStatus: input.quote_status,
      primarySalesId: input.primary_sales_id as number | null | undefined,
      secondSalesId: input.second_sales_id as number | null | undefined,
      thirdSalesId: input.third_sales_id as number | null | undefined,
      shippingTotalCents: money(input.shipping_total),
      notes: text(input.notes),
      leadSource: text(input.lead_source),
      primaryDevelopment: text(input.primary_development),
      primaryProductInterest: text(input.primary_product_interest),
      primaryFeatureInterest: text(input.primary_feature_interest),
      demoAffinity: text(input.demo_affinity),
      approvalStatus: input.approval_status,
      approvalStatusNotes: text(input.approval_status_notes),
    };
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<NewQuoteRow>;
  }

  /**
   * Product = Σ units × unit price; labor = Σ line amounts; shipping as entered; tax = round half-up of (product +
   * labor) × the ship-to state's rate when the tax map collects for the sales desk's platform there; total = the sum.
   * Writes them (422 naming `field` when the total passes an integer column).
   */
  private async recompute(repo: QuotesRepository, quoteId: number, field: string): Promise<void> {
    const quote = (await repo.findQuote(quoteId))!;
    const { productCents, laborCents } = await repo.lineSums(quoteId);
    const [ship] = await repo.contactsByIds([quote.shipContactId]);
    const state = ship?.state ?? null;
    const collects = state ? await repo.collectsTax(SALES_DESK_TAX_PLATFORM, state) : false;
    const ratePpm = collects && state ? await repo.taxRatePpm(state) : 0;
    const taxCents = roundHalfUpDiv((productCents + laborCents) * ratePpm, PPM);
    const totalCents = productCents + laborCents + quote.shippingTotalCents + taxCents;
    if (totalCents > MAX_INTEGER_CENTS) throw tooLarge(field);
    await repo.updateQuote(quoteId, {
      productTotalCents: productCents,
      laborTotalCents: laborCents,
      taxTotalCents: taxCents,
      totalCents,
      taxRatePpm: ratePpm,
      taxStateCode: ratePpm > 0 ? state : null,
    });
  }

  /** Runs `change` on the locked, unconverted quote, recomputes its totals and answers the full quote. */
  private async change(
    quoteId: number,
    field: string,
    change: (repo: QuotesRepository, quote: QuoteRow, tx: Executor) => Promise<void>,
  ): Promise<TQuoteFull> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const quote = await this.lockOpen(repo, quoteId);
      await change(repo, quote, tx);
      await this.recompute(repo, quoteId, field);
    });
    return this.full(quoteId);
  }

  private async lockOpen(repo: QuotesRepository, quoteId: number): Promise<QuoteRow> {
    const quote = await repo.findQuote(quoteId, { forUpdate: true });
    if (!quote) throw notFound(`quote ${quoteId} does not exist`);
    if (quote.quoteStatus === 'CONVERTED') {
      const order = await repo.workOrderByQuote(quoteId);
      throw conflict(quoteLockedMessage(quoteId, order?.id ?? null));
    }
    return quote;
  }

  async store(input: TQuoteStore, user: Pick<AuthUser, 'id'>): Promise<TQuoteFull> {
    const id = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      await this.checkReferences(repo, input as Record<string, unknown>);
      const sold = input.sold_contact_id as number;
      const header = this.headerValues(input);
      const row = await repo.insertQuote({
        quoteType: 'RETAIL',
        quoteClass: 'STANDARD',
        primarySalesId: user.id,
        ...header,
        soldContactId: sold,
        shipContactId: header.shipContactId ?? sold,
        billContactId: header.billContactId ?? sold,
        quoteStatus: 'OPEN',
        createdById: user.id,
      });
      await this.recompute(repo, row.id, 'shipping_total');
      return row.id;
    });
    return this.full(id);
  }

  async update(input: TQuoteUpdate): Promise<TQuoteFull> {
    const id = input.id as number;
    return this.change(id, 'shipping_total', async (repo) => {
      await this.checkReferences(repo, input as Record<string, unknown>);
      const values = this.headerValues(input);
      if (Object.keys(values).length) await repo.updateQuote(id, values);
    });
  }

  async addItem(input: TQuoteItemAdd): Promise<TQuoteFull> {
    const quoteId = input.quote_id as number;
    return this.change(quoteId, 'number_units', async (repo) => {
      const product = await repo.productForQuote(input.productId as number);
      if (!product) throw unprocessable(QUOTE_MESSAGES.invalid, { productId: ['no product has this id'] });
      if ((await repo.countItems(quoteId)) >= QUOTE_MAX_LINES)
        throw unprocessable(QUOTE_MESSAGES.invalid, { productId: [`a quote takes at most ${QUOTE_MAX_LINES} items`] });
      await repo.insertItem({
        quoteId,
        productId: product.id,
        condition: input.condition ?? 'NEW',
        numberUnits: input.number_units ?? 1,
        unitPriceCents: money(input.unit_price) ?? product.priceCents,
      });
    });
  }

  /** The item, checked against the quote it claims (404 when unknown, 422 when it belongs to another quote). */
  private async itemOf(id: number, quoteId: number | undefined) {
    const item = await this.repo().findItem(id);
    if (!item) throw notFound(`quote item ${id} does not exist`);
    if (quoteId !== undefined && item.quoteId !== quoteId)
      throw unprocessable(QUOTE_MESSAGES.invalid, { quote_id: [`item ${id} belongs to quote ${item.quoteId}`] });
    return item;
  }

  async updateItem(input: TQuoteItemUpdate): Promise<TQuoteFull> {
    const item = await this.itemOf(input.id as number, input.quote_id as number);
    return this.change(item.quoteId, input.unit_price !== undefined ? 'unit_price' : 'number_units', async (repo) => {
      const values = {
        condition: input.condition,
        numberUnits: input.number_units,
        unitPriceCents: money(input.unit_price),
      };
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length) await repo.updateItem(item.id, set);
    });
  }

  async deleteItem(id: number): Promise<TQuoteFull> {
    const item = await this.itemOf(id, undefined);
    return this.change(item.quoteId, 'id', async (repo) => repo.deleteItem(item.id));
  }

  async addLaborLine(input: TLaborLineAdd): Promise<TQuoteFull> {
    const quoteId = input.quote_id as number;
    const line = this.laborValues(input.labor_type, input.hours ?? null, input.rate);
    return this.change(quoteId, 'rate', async (repo) => {
      if ((await repo.countLaborLines(quoteId)) >= QUOTE_MAX_LINES)
        throw unprocessable(QUOTE_MESSAGES.invalid, {
          description: [`a quote takes at most ${QUOTE_MAX_LINES} labor lines`],
        });
      await repo.insertLaborLine({ quoteId, description: input.description.trim(), ...line });
    });
  }

  /** HOURLY needs hours; FLAT takes none (422 naming `hours`). */
  private laborValues(laborType: TLaborType, hours: number | null, rate: number) {
    if (laborType === 'HOURLY' && hours === null)
      throw unprocessable(QUOTE_MESSAGES.invalid, { hours: ['an HOURLY labor line needs its hours'] });
    if (laborType === 'FLAT' && hours !== null)
      throw unprocessable(QUOTE_MESSAGES.invalid, {
        hours: ['a FLAT labor line has no hours: its rate is the amount'],
      });
    const hundredthsOfHours = hours === null ? null : hundredths(hours);
    const rateCents = dollarsToCents(rate);
    const amountCents = laborAmountCents(laborType, hundredthsOfHours, rateCents);
    if (amountCents > MAX_INTEGER_CENTS) throw tooLarge('rate');
    return { laborType, hundredthsOfHours, rateCents, amountCents };
  }

  async updateLaborLine(input: TLaborLineUpdate): Promise<TQuoteFull> {
    const line = await this.repo().findLaborLine(input.id as number);
    if (!line) throw notFound(`labor line ${input.id} does not exist`);
    if (input.quote_id !== undefined && input.quote_id !== line.quoteId) {
      throw unprocessable(QUOTE_MESSAGES.invalid, {
        quote_id: [`labor line ${line.id} belongs to quote ${line.quoteId}`],
      });
    }
    const laborType = input.labor_type ?? (line.laborType as TLaborType);
    // Switching to FLAT drops the hours; staying HOURLY keeps them unless new ones are given.
    const hours =
      input.hours !== undefined
        ? input.hours
        : laborType === 'FLAT'
          ? null
          : line.hundredthsOfHours === null
            ? null
            : line.hundredthsOfHours / 100;
    const values = this.laborValues(laborType, hours, input.rate ?? centsToDollars(line.rateCents));
    return this.change(line.quoteId, 'rate', async (repo) => {
      await repo.updateLaborLine(line.id, {
        ...values,
        ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      });
    });
  }

  async deleteLaborLine(id: number): Promise<TQuoteFull> {
    const line = await this.repo().findLaborLine(id);
    if (!line) throw notFound(`labor line ${id} does not exist`);
    return this.change(line.quoteId, 'id', async (repo) => repo.deleteLaborLine(line.id));
  }

  // -------------------------------------------------------------------------------------------------- convert

  /**
   * Convert to order: in one transaction, a work order and one committed sale per unit line (invoice = the work
   * order number, source = the location's bucket of the item's condition, reserved by the committed-sales rules),
   * and the quote CONVERTED (locked). Units not in stock (on-hand less open commitments) go on backorder: a second,
   * backordered committed sale of the line that reserves nothing (docs/decisions.md "Backorders from
   * quotes"). A quote converted already answers its work order and creates nothing.
   */
  async convert(quoteId: number, location: string | undefined, user: Pick<AuthUser, 'id'>): Promise<TWorkOrder> {
    // A stock write (the committed sales reserve units): through the ledger's entry, as every other.
    const workOrderId = await this.writes.run(async (tx) => {
      const repo = this.repo(tx);
      const quote = await repo.findQuote(quoteId, { forUpdate: true });
      if (!quote) throw notFound(`quote ${quoteId} does not exist`);
      const existing = await repo.workOrderByQuote(quoteId);
      if (existing) return existing.id;
      if (quote.quoteStatus === 'DECLINED')
        throw conflict(`Quote ${quoteNumber(quoteId)} was declined: set it back to Open or Accepted to convert it`);
      if (quote.approvalStatus === 'REJECTED')
        throw conflict(`Quote ${quoteNumber(quoteId)} was rejected by its approver: it cannot be converted`);
      const locationCode = (location ?? DEFAULT_WORK_ORDER_LOCATION).toUpperCase();
      if (!(await repo.locationExists(locationCode)))
        throw unprocessable(QUOTE_MESSAGES.invalid, { location: [`location ${locationCode} does not exist`] });
      const items = await repo.items(quoteId);
      const labor = await repo.laborLines(quoteId);
      if (!items.length && !labor.length)
        throw unprocessable(`Quote ${quoteNumber(quoteId)} has no units and no labor: nothing to order`, {
          items: ['add a unit or a labor line first'],
        });
      const [ship] = await repo.contactsByIds([quote.shipContactId]);
      const order = await repo.insertWorkOrder({ quoteId, locationCode, createdById: user.id });
      const number = workOrderNumber(order.id);
      const buckets = new Map<number, string | null>();
      for (const { item } of items) buckets.set(item.id, await repo.bucketFor(locationCode, item.condition));
      // Every line's on-hand row first, in the ledger's (product, bucket) order (docs/architecture.md, step 3): two
      // conversions sharing products then queue instead of meeting in a deadlock, whatever the order of their lines.
      await this.writes.ledger.lockOnHand(
        tx,
        items.flatMap(({ item }) => {
          const bucket = buckets.get(item.id);
          return bucket ? [{ productId: item.productId, bucket }] : [];
        }),
      );
      for (const { item, model } of items) {
        const bucket = buckets.get(item.id);
        if (!bucket) {
          const message = `${model}: ${locationCode} has no ${item.condition} bucket`;
          throw unprocessable(message, { items: [message] });
        }
        let sales: { committed: string | null; backordered: string | null };
        try {
          sales = await this.committedSales.commitOrBackorderIn(
            tx,
            {
              legacyPosInvoiceId: number,
              model,
              quantity: item.numberUnits,
              sourceBucket: bucket,
              commitNotes: `Quote ${quoteNumber(quoteId)}`,
              unitPriceCents: item.unitPriceCents,
              salesChannel: 'store',
              shipToState: ship?.state && /^[A-Z]{2}$/.test(ship.state) ? ship.state : null,
            },
            user,
          );
        } catch (e) {
          if (e instanceof HttpError || e instanceof LedgerRefusal) {
            const message = `${model} (${item.numberUnits} from ${bucket}): ${e.message}`;
            throw new HttpError(e instanceof HttpError ? e.statusCode : 422, message, { items: [message] });
          }
          throw e;
        }
        // The units in stock first, then the backorder of the rest.
        for (const referenceId of [sales.committed, sales.backordered]) {
          if (referenceId)
            await repo.insertWorkOrderItem({
              workOrderId: order.id,
              quoteItemId: item.id,
              committedSaleId: await repo.saleIdByReference(referenceId),
            });
        }
      }
      await repo.updateQuote(quoteId, { quoteStatus: 'CONVERTED', convertedAt: new Date() });
      return order.id;
    });
    return this.workOrder(workOrderId);
  }

  async workOrder(id: number): Promise<TWorkOrder> {
    const repo = this.repo();
    const order = await repo.workOrderById(id);
    if (!order) throw notFound(`work order ${id} does not exist`);
    const full = await this.full(order.quoteId);
    const states = await repo.workOrderItemStates(id);
    const stateOf = (s: (typeof states)[number]) =>
      s.transacted
        ? ('TRANSACTED' as const)
        : s.backordered
          ? ('BACKORDERED' as const)
          : s.serials > 0 && s.packedSerials === s.serials
            ? ('PACKED' as const)
            : s.picked
              ? ('PICKED' as const)
              : s.onPickList
                ? ('ON_PICK_LIST' as const)
                : ('COMMITTED' as const);
    return {
      id: order.id,
      work_order_number: workOrderNumber(order.id),
      quote_id: order.quoteId,
      quote_number: quoteNumber(order.quoteId),
      location_code: order.locationCode,
      created_at: order.createdAt.toISOString(),
      created_by_name: order.createdByName,
      quote: full.quote,
      sold_contact: full.sold_contact,
      ship_contact: full.ship_contact,
      bill_contact: full.bill_contact,
      items: full.items.map((item) => {
        const mine = states.filter((s) => s.quoteItemId === item.id);
        // The sale of the units in stock at conversion, else the backorder (every unit was short).
        const s = mine.find((x) => !x.backordered) ?? mine[0];
        const backorder = mine.find((x) => x.backordered) ?? null;
        return {
          quote_item_id: item.id,
          productId: item.productId,
          model: item.model,
          description: item.description,
          condition: item.condition,
          number_units: item.number_units,
          unit_price: item.unit_price,
          line_total: item.line_total,
          committed_sale_reference: s?.referenceId ?? '',
          source_bucket: s?.sourceBucket ?? '',
          state: s ? stateOf(s) : 'COMMITTED',
          backordered_units: backorder && !backorder.transacted ? backorder.quantity : 0,
          backorder_reference: backorder?.referenceId ?? null,
        };
      }),
      labor_lines: full.labor_lines,
    };
  }

  /** Products with at least `min` units on hand in a bucket (for the demo quotes). */
  productsOnHand(bucket: string, min: number, limit: number): Promise<number[]> {
    return this.repo().productsOnHand(bucket, min, limit);
  }

  // ------------------------------------------------------------------------------------------------------ pdf

  async pdf(id: number): Promise<{ pdf: Buffer; filename: string }> {
    const full = await this.full(id);
    const pdf = await renderQuotePdf(full, this.company.name);
    return { pdf, filename: `quote-${full.quote.quote_number}.pdf` };
  }
}
