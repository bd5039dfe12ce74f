import {
  AS_OF_CSV_COLUMNS,
  centsToDollars,
  DAILY_RECEIVED_LOCATIONS,
  DAILY_RECEIVED_MAX_DAYS,
  FBA_SALES_CHANNELS,
  GE_MANUFACTURER,
  INVENTORY_REPORT_MESSAGES,
  PO_STATUS,
  PO_STATUSES,
  utcToday,
  type TDailyReceived,
  type TOnHandTotals,
  type TUnreceivedInvoiceReport,
} from '@keystone/contracts';
import type { ReportsDb } from '../../db/reports-database.js';
import { csvTimestamp, primed, type TCsvColumn } from '../../http/csv-reply.js';
import { HttpError } from '../../http/errors.js';
import { InventoryReportsRepository, type AsOfScope, type OpenSalesRow } from './inventory-reports.repository.js';

const DAY_MS = 86_400_000;
/** Rows per page of the as-of and inactive CSVs (cursor pages of one statement), and of the others (keyset pages). */
export const CURSOR_PAGE = 2_000;
export const CSV_PAGE = 2_000;

/** The calendar day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The instant a UTC calendar day ends (the next day's midnight UTC), as a timestamptz literal. */
export function endOfUtcDay(date: string): string {
  return `${nextDay(date)}T00:00:00Z`;
}

/** Cents as dollars text with 2 decimals (CSV cells): -1234 → "-12.34". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });
const CANCELLED_STATUS_ID = PO_STATUSES.find((s) => s.status_name === PO_STATUS.cancelled)!.id;

export type CsvRow = Record<string, string | number | null>;
/** A CSV's rows as objects by column key, or (the big reports) as pages of cells in the columns' order. */
export type CsvReport = { columns: readonly TCsvColumn[] } & (
  { rows: AsyncIterable<CsvRow> } | { pages: AsyncIterable<CsvCells[]> }
);
export type CsvCells = (string | number | null)[];

const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

export const INACTIVE_CSV_COLUMNS = [
  { key: 'model', header: 'Model' },
  { key: 'description', header: 'Description' },
  { key: 'location_code', header: 'Location' },
  { key: 'condition_code', header: 'Condition' },
  { key: 'bucket', header: 'Bucket' },
  { key: 'quantity', header: 'Quantity On Hand' },
  { key: 'last_movement', header: 'Last Movement (UTC)' },
  { key: 'days_inactive', header: 'Days Inactive' },
  { key: 'unit_cost', header: 'Unit Cost' },
  { key: 'total_value', header: 'Total Value' },
] as const;

export const PEAK_DAYS_CSV_COLUMNS = [
  { key: 'location_code', header: 'Location' },
  { key: 'bucket', header: 'Bucket' },
  { key: 'model', header: 'Model' },
  { key: 'description', header: 'Description' },
  { key: 'orders', header: 'Open Orders' },
  { key: 'units_due', header: 'Units Due' },
  { key: 'earliest_ship_by', header: 'Earliest Ship By' },
  { key: 'on_hand', header: 'On Hand' },
  { key: 'shortfall', header: 'Shortfall' },
] as const;

export const FBA_PENDING_CSV_COLUMNS = [
  { key: 'location_code', header: 'Location' },
  { key: 'bucket', header: 'Bucket' },
  { key: 'model', header: 'Model' },
  { key: 'description', header: 'Description' },
  { key: 'orders', header: 'Pending Orders' },
  { key: 'units', header: 'Pending Units' },
  { key: 'unit_cost', header: 'Unit Cost' },
  { key: 'total_dollars', header: 'Pending Dollars' },
] as const;

/**
 * The named inventory and accounting reports (002 §2, §7). Read only: each read runs in a READ ONLY
 * transaction. The as-of and inactive CSVs are one statement read through a cursor in one snapshot (db/cursor-pages);
 * the peak-days and FBA CSVs are keyset pages, each in its own transaction (the keyset makes pages meet without gaps
 * or repeats). As-of figures are those of the ledger rows created before the end of the date (UTC), so later movements
 * do not change them (docs/decisions.md, "Inventory reports" and "Report CSV speed").
 */
export class InventoryReportsService {
  constructor(
    /** The reports database (db/reports-database.ts): a standby's read-only pool, or the main database. */
    private readonly db: ReportsDb,
    private readonly dbKind: 'pglite' | 'postgres' = 'postgres',
  ) {}

  private read<T>(work: (repo: InventoryReportsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(new InventoryReportsRepository(tx)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  /** The report's date: today when absent; a date after today (UTC) is refused naming `date`. */
  private asOfDate(date: string | undefined, now: Date): string {
    const today = utcToday(now);
    const day = date ?? today;
    if (day > today) throw fieldError('date', INVENTORY_REPORT_MESSAGES.dateInFuture);
    return day;
  }

  /**
   * GET ims/reporting/inventory/ge-on-hand-export and …/accounting: on-hand per bucket at the end of the date, read
   * through one cursor (one snapshot) a page at a time and written as cells, no object per row.
   */
  async asOfCsv(scope: AsOfScope, date: string | undefined, now = new Date()): Promise<CsvReport> {
    const day = this.asOfDate(date, now);
    const source = new InventoryReportsRepository(this.db, this.dbKind).asOfPages(endOfUtcDay(day), scope, CURSOR_PAGE);
    async function* pages(): AsyncGenerator<CsvCells[]> {
      for await (const page of source) {
        const cells: CsvCells[] = new Array(page.length);
        for (let i = 0; i < page.length; i++) {
          const r = page[i]!;
          cells[i] = [
            day,
            r.model,
            r.upc,
            r.description,
            r.brand,
            r.locationCode,
            r.conditionCode,
            r.bucket,
            r.quantity,
            centsText(r.unitCostCents),
            centsText(r.quantity * r.unitCostCents),
          ];
        }
        yield cells;
      }
    }
    return { columns: AS_OF_CSV_COLUMNS, pages: await primed(pages()) };
  }

  geOnHandCsv(date: string | undefined, now = new Date()) {
    return this.asOfCsv({ manufacturer: GE_MANUFACTURER }, date, now);
  }

  accountingCsv(date: string | undefined, now = new Date()) {
    return this.asOfCsv({}, date, now);
  }

  /** GET …/ge-on-hand-export/totals?date=: the export's totals at the end of the date. */
  async geOnHandTotals(date: string | undefined, now = new Date()): Promise<TOnHandTotals> {
    const day = this.asOfDate(date, now);
    const totals = await this.read((repo) => repo.asOfTotals(endOfUtcDay(day), { manufacturer: GE_MANUFACTURER }));
    const sum = (pick: (r: (typeof totals.perLocation)[number]) => number) =>
      totals.perLocation.reduce((s, r) => s + pick(r), 0);
    return {
      date: day,
      products: totals.products,
      rows: sum((r) => r.rows),
      units: sum((r) => r.units),
      total_value: centsToDollars(sum((r) => r.valueCents)),
      locations: totals.perLocation.map((r) => ({
        location_code: r.locationCode,
        units: r.units,
        total_value: centsToDollars(r.valueCents),
      })),
    };
  }

  /** GET ims/transacted-receipts/daily-received: units received per UTC day at the four locations of 002 §9. */
  async dailyReceived(
    query: { startDate?: string | undefined; endDate?: string | undefined },
    now = new Date(),
  ): Promise<TDailyReceived> {
    const today = utcToday(now);
    const startDate = query.startDate ?? today;
    const endDate = query.endDate ?? today;
    if (endDate < startDate) throw fieldError('endDate', INVENTORY_REPORT_MESSAGES.endBeforeStart);
    const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1;
    if (days > DAILY_RECEIVED_MAX_DAYS)
      throw fieldError('endDate', INVENTORY_REPORT_MESSAGES.rangeTooLong(DAILY_RECEIVED_MAX_DAYS));
    const rows = await this.read((repo) =>
      repo.dailyReceived(`${startDate}T00:00:00Z`, endOfUtcDay(endDate), DAILY_RECEIVED_LOCATIONS),
    );
    const data = DAILY_RECEIVED_LOCATIONS.map((location) => {
      const mine = rows.filter((r) => r.locationCode === location);
      return {
        location_code: location,
        total_units: mine.reduce((s, r) => s + r.units, 0),
        total_dollars: centsToDollars(mine.reduce((s, r) => s + r.cents, 0)),
        days: mine.map((r) => ({ date: r.day, units: r.units, dollars: centsToDollars(r.cents) })),
      };
    }).filter((l) => l.days.length > 0);
    return {
      startDate,
      endDate,
      data,
      total_units: rows.reduce((s, r) => s + r.units, 0),
      total_dollars: centsToDollars(rows.reduce((s, r) => s + r.cents, 0)),
    };
  }

  /** GET unreceived-invoice-report: per vendor and in total. */
  async unreceivedInvoices(): Promise<TUnreceivedInvoiceReport> {
    const rows = await this.read((repo) => repo.unreceivedInvoices(CANCELLED_STATUS_ID));
    const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
    return {
      data: rows.map((r) => ({
        vendor_id: r.vendorId,
        vendor_name: r.vendorName,
        purchase_orders: r.purchaseOrders,
        total_unreceived_units: r.units,
        total_unreceived_dollars: centsToDollars(r.unreceivedCents),
        invoiced_dollars: centsToDollars(r.invoicedCents),
        invoiced_but_not_received: centsToDollars(r.invoicedNotReceivedCents),
      })),
      totals: {
        purchase_orders: total((r) => r.purchaseOrders),
        total_unreceived_units: total((r) => r.units),
        total_unreceived_dollars: centsToDollars(total((r) => r.unreceivedCents)),
        invoiced_dollars: centsToDollars(total((r) => r.invoicedCents)),
        invoiced_but_not_received: centsToDollars(total((r) => r.invoicedNotReceivedCents)),
      },
    };
  }

  /** GET ims/reporting/inventory/inactive: on hand with no ledger movement in the bucket for `days` days. */
  async inactiveCsv(days: number, now = new Date()): Promise<CsvReport> {
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
    const source = new InventoryReportsRepository(this.db, this.dbKind).inactivePages(cutoff, CURSOR_PAGE);
    async function* pages(): AsyncGenerator<CsvCells[]> {
      for await (const page of source) {
        const cells: CsvCells[] = new Array(page.length);
        for (let i = 0; i < page.length; i++) {
          const r = page[i]!;
          const last = toDate(r.lastMovementAt);
          cells[i] = [
            r.model,
            r.description,
            r.locationCode,
            r.conditionCode,
            r.bucket,
            r.quantity,
            last ? csvTimestamp(last) : null,
            last ? Math.floor((now.getTime() - last.getTime()) / DAY_MS) : null,
            centsText(r.unitCostCents),
            centsText(r.quantity * r.unitCostCents),
          ];
        }
        yield cells;
      }
    }
    return { columns: INACTIVE_CSV_COLUMNS, pages: await primed(pages()) };
  }

  private openSales(dueBy: string | null, channels: readonly string[] | null = null): AsyncGenerator<OpenSalesRow> {
    const read = this.read.bind(this);
    return (async function* () {
      let after: { bucket: string; productId: number } | null = null;
      for (;;) {
        const page = await read((repo) => repo.openSalesPage(dueBy, after, CSV_PAGE, channels));
        yield* page;
        if (page.length < CSV_PAGE) return;
        const last = page[page.length - 1]!;
        after = { bucket: last.bucket, productId: last.productId };
      }
    })();
  }

  /** GET report/peak-days-fulfillment/{date}: the open sales due by the date per bucket and product, and the shortfall. */
  async peakDaysCsv(date: string, now = new Date()): Promise<CsvReport> {
    if (date < utcToday(now)) throw fieldError('date', INVENTORY_REPORT_MESSAGES.peakDateBeforeToday);
    const sales = this.openSales(date);
    async function* rows(): AsyncGenerator<CsvRow> {
      for await (const r of sales) {
        yield {
          location_code: r.locationCode,
          bucket: r.bucket,
          model: r.model,
          description: r.description,
          orders: r.orders,
          units_due: r.units,
          earliest_ship_by: r.earliestShipBy,
          on_hand: r.onHand,
          shortfall: Math.max(0, r.units - r.onHand),
        };
      }
    }
    return { columns: PEAK_DAYS_CSV_COLUMNS, rows: await primed(rows()) };
  }

  /**
   * GET ims/reporting/fba-pending-orders-in-dollars: the open sales of the FBA channels (`FBA_SALES_CHANNELS`) valued
   * at the current cost, then a Total row. A sale on another channel, or with none recorded, is not an FBA order.
   */
  async fbaPendingCsv(): Promise<CsvReport> {
    const sales = this.openSales(null, FBA_SALES_CHANNELS);
    async function* rows(): AsyncGenerator<CsvRow> {
      let orders = 0;
      let units = 0;
      let cents = 0;
      for await (const r of sales) {
        orders += r.orders;
        units += r.units;
        cents += r.units * r.unitCostCents;
        yield {
          location_code: r.locationCode,
          bucket: r.bucket,
          model: r.model,
          description: r.description,
          orders: r.orders,
          units: r.units,
          unit_cost: centsText(r.unitCostCents),
          total_dollars: centsText(r.units * r.unitCostCents),
        };
      }
      yield {
        location_code: 'Total',
        bucket: null,
        model: null,
        description: null,
        orders,
        units,
        unit_cost: null,
        total_dollars: centsText(cents),
      };
    }
    return { columns: FBA_PENDING_CSV_COLUMNS, rows: await primed(rows()) };
  }
}
