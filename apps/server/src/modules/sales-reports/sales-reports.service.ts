import {
  addDays,
  BRAND_PURCHASING_PERIOD_DAYS,
  brandsOf,
  daysInRange,
  lowStockLevel,
  NO_CHANNEL,
  PO_STATUS,
  PO_STATUSES,
  purchasingPeriodKey,
  resolveRange,
  SALES_CHANNEL_NAMES,
  SALES_REPORT_MESSAGES,
  SELLOUT_RATE_DAYS,
  SELLOUT_ROW_LIMIT,
  SELL_THRU_ROW_LIMIT,
  type TBrandPurchasing,
  type TBrandSellThru,
  type TPurchasingPeriod,
  type TSalesChannel,
  type TSalesReport,
  type TSelloutThreat,
  type TSelloutThreatRow,
  type TSellThruRow,
  ZBrandPurchasingQuerySchema,
  ZBrandSellThruQuerySchema,
  ZBundleSalesQuerySchema,
  ZSalesReportQuerySchema,
  ZSelloutThreatQuerySchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import type { ReportsDb } from '../../db/reports-database.js';
import { pagedRows } from '../../http/csv-reply.js';
import { badRequest } from '../../http/errors.js';
import {
  SalesReportsRepository,
  type BrandRow,
  type BundleFilter,
  type SaleLineKey,
  type SaleLineRow,
  type SalesFiguresRow,
} from './sales-reports.repository.js';

type TSellThruQuery = z.output<typeof ZBrandSellThruQuerySchema>;
type TSelloutQuery = z.output<typeof ZSelloutThreatQuerySchema>;
type TBundleQuery = z.output<typeof ZBundleSalesQuerySchema>;
type TPurchasingQuery = z.output<typeof ZBrandPurchasingQuerySchema>;
type TSalesQuery = z.output<typeof ZSalesReportQuerySchema>;

/** Rows a CSV page reads at a time. */
export const CSV_PAGE_SIZE = 1_000;

const CANCELLED_STATUS_ID = PO_STATUSES.find((s) => s.status_name === PO_STATUS.cancelled)!.id;
const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const round = (value: number, places: number) => Number(value.toFixed(places));

/** One CSV row of a sale line (sales and bundle CSVs share the keys). */
export function saleLineCsvRow(r: SaleLineRow): Record<string, unknown> {
  return {
    sale_date: r.sale_date,
    order: r.order ?? '',
    bundle_sku: r.bundle_sku ?? '',
    invoice: r.invoice,
    reference: r.reference,
    model: r.model,
    brand: r.brand ?? '',
    quantity: r.quantity,
    unit_price: dollars(r.unit_price_cents),
    line_total: r.unit_price_cents === null ? '' : dollars(r.unit_price_cents * r.quantity),
    channel: r.channel ? (SALES_CHANNEL_NAMES[r.channel as TSalesChannel] ?? r.channel) : '',
    ship_to_state: r.ship_to_state ?? '',
    source_bucket: r.source_bucket,
  };
}

const toFigures = (r: SalesFiguresRow | undefined) => ({
  lines: r?.lines ?? 0,
  invoices: r?.invoices ?? 0,
  units: r?.units ?? 0,
  revenue_cents: r?.revenue_cents ?? 0,
  unpriced_units: r?.unpriced_units ?? 0,
});

/**
 * The sales and brand reports (002 §2, §5, §7, §9). Every read runs in one READ ONLY transaction
 * (repeatable read: the figures of one answer come from one snapshot); CSVs read a page per transaction.
 */
export class SalesReportsService {
  constructor(
    /** The reports database (db/reports-database.ts): a standby's read-only pool, or the main database. */
    private readonly db: ReportsDb,
    private readonly today: () => Date = () => new Date(),
  ) {}

  private read<T>(work: (repo: SalesReportsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(new SalesReportsRepository(tx as Executor)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  private async brandOf(repo: SalesReportsRepository, brand: string, field: string): Promise<BrandRow> {
    const found = await repo.brand(brand);
    if (!found) {
      const message = SALES_REPORT_MESSAGES.unknownBrand(brand);
      throw badRequest(message, { [field]: [message] });
    }
    return found;
  }

  /** 002 §2 brand sell-thru: True = models with sales in the range, False = models with stock available and none. */
  async brandSellThru(query: TSellThruQuery): Promise<TBrandSellThru> {
    const { from, to } = resolveRange(query.startDate, query.endDate, this.today());
    return this.read(async (repo) => {
      const brand = await this.brandOf(repo, query.brand, 'brand');
      const rows: TSellThruRow[] = (await repo.sellThru(brand.id, from, to)).map((r) => {
        const available = r.on_hand_start + r.received;
        return {
          ...r,
          available,
          sell_thru_percent: available > 0 ? round((r.units_sold / available) * 100, 1) : null,
        };
      });
      const withSales = rows
        .filter((r) => r.units_sold > 0)
        .sort(
          (a, b) =>
            (b.sell_thru_percent ?? -1) - (a.sell_thru_percent ?? -1) ||
            b.units_sold - a.units_sold ||
            a.model.localeCompare(b.model),
        );
      const without = rows
        .filter((r) => r.units_sold <= 0 && r.available > 0)
        .sort((a, b) => b.available - a.available || a.model.localeCompare(b.model));
      return {
        brand: { brand_code: brand.brand_code, brand_name: brand.brand_name },
        startDate: from,
        endDate: to,
        True: withSales.slice(0, SELL_THRU_ROW_LIMIT),
        False: without.slice(0, SELL_THRU_ROW_LIMIT),
        counts: { True: withSales.length, False: without.length },
      };
    });
  }

  /** 002 §2 sellout threat: per model of the brands, on hand, the last 30 days' daily rate and the days of cover. */
  async selloutThreat(query: TSelloutQuery): Promise<TSelloutThreat> {
    const names = brandsOf(query);
    const since = addDays(this.today().toISOString().slice(0, 10), -(SELLOUT_RATE_DAYS - 1));
    return this.read(async (repo) => {
      const brands: BrandRow[] = [];
      // An unknown brand is named under the key it came in (brands[] as the spec writes it, or brands).
      const fieldOf = (name: string) =>
        brandsOf({ 'brands[]': query['brands[]'] }).includes(name) ? 'brands[]' : 'brands';
      for (const name of names) {
        const brand = await this.brandOf(repo, name, fieldOf(name));
        if (!brands.some((b) => b.id === brand.id)) brands.push(brand);
      }
      const rows: TSelloutThreatRow[] = (
        await repo.sellout(
          brands.map((b) => b.id),
          since,
        )
      ).map((r) => {
        const rate = r.units_sold / SELLOUT_RATE_DAYS;
        return {
          ...r,
          daily_rate: round(rate, 2),
          days_of_cover: rate > 0 ? round(Math.max(r.on_hand, 0) / rate, 1) : null,
          level: lowStockLevel(r.on_hand),
        };
      });
      const cover = (r: TSelloutThreatRow) => r.days_of_cover ?? Number.MAX_VALUE;
      rows.sort(
        (a, b) =>
          cover(a) - cover(b) || a.on_hand - b.on_hand || b.units_sold - a.units_sold || a.model.localeCompare(b.model),
      );
      return {
        brands: brands.map((b) => ({ brand_code: b.brand_code, brand_name: b.brand_name })),
        rate_days: SELLOUT_RATE_DAYS,
        data: rows.slice(0, SELLOUT_ROW_LIMIT),
      };
    });
  }

  /** 002 §2 brand purchasing: the number of days and, per 7-day period, units and dollars ordered and received. */
  async brandPurchasing(query: TPurchasingQuery): Promise<TBrandPurchasing> {
    const { from, to } = resolveRange(query.givenFromDate, query.givenToDate, this.today());
    const days = BRAND_PURCHASING_PERIOD_DAYS;
    return this.read(async (repo) => {
      const brand = await this.brandOf(repo, query.brand, 'brand');
      const [ordered, received] = [
        await repo.ordered(brand.id, from, to, days, CANCELLED_STATUS_ID),
        await repo.received(brand.id, from, to, days),
      ];
      const numOfDays = daysInRange(from, to);
      const data: Record<string, TPurchasingPeriod> = {};
      const totals: TPurchasingPeriod = {
        from,
        to,
        po_count: 0,
        ordered_units: 0,
        ordered_cents: 0,
        received_units: 0,
        received_cents: 0,
      };
      for (let period = 0; period * days < numOfDays; period++) {
        const start = addDays(from, period * days);
        const endCandidate = addDays(start, days - 1);
        const end = endCandidate > to ? to : endCandidate;
        const o = ordered.find((r) => r.period === period);
        const r = received.find((x) => x.period === period);
        const row: TPurchasingPeriod = {
          from: start,
          to: end,
          po_count: o?.po_count ?? 0,
          ordered_units: o?.units ?? 0,
          ordered_cents: o?.cents ?? 0,
          received_units: r?.units ?? 0,
          received_cents: r?.cents ?? 0,
        };
        data[purchasingPeriodKey(start, end)] = row;
        totals.po_count += row.po_count;
        totals.ordered_units += row.ordered_units;
        totals.ordered_cents += row.ordered_cents;
        totals.received_units += row.received_units;
        totals.received_cents += row.received_cents;
      }
      return {
        brand: { brand_code: brand.brand_code, brand_name: brand.brand_name },
        givenFromDate: from,
        givenToDate: to,
        numOfDays,
        data,
        totals,
      };
    });
  }

  /** The sales summary: totals, every day of the range and every channel that sold. */
  async salesReport(query: TSalesQuery): Promise<TSalesReport> {
    const { from, to } = resolveRange(query.startDate, query.endDate, this.today());
    const channel = query.channel ?? null;
    return this.read(async (repo) => {
      const total = await repo.salesFigures(from, to, channel, 'all', NO_CHANNEL);
      const days = new Map((await repo.salesFigures(from, to, channel, 'day', NO_CHANNEL)).map((r) => [r.key, r]));
      const channels = await repo.salesFigures(from, to, channel, 'channel', NO_CHANNEL);
      const byDay = Array.from({ length: daysInRange(from, to) }, (_, i) => {
        const date = addDays(from, i);
        return { date, ...toFigures(days.get(date)) };
      });
      const byChannel = channels
        .map((r) => ({
          channel: r.key,
          channel_name: r.key === NO_CHANNEL ? 'No channel' : (SALES_CHANNEL_NAMES[r.key as TSalesChannel] ?? r.key),
          ...toFigures(r),
        }))
        .sort((a, b) => b.revenue_cents - a.revenue_cents || b.units - a.units || a.channel.localeCompare(b.channel));
      return {
        startDate: from,
        endDate: to,
        channel,
        totals: toFigures(total[0]),
        by_day: byDay,
        by_channel: byChannel,
      };
    });
  }

  /** The sales summary's lines for its CSV, a page per read-only transaction. */
  async *salesLines(query: TSalesQuery): AsyncGenerator<Record<string, unknown>> {
    const { from, to } = resolveRange(query.startDate, query.endDate, this.today());
    const channel = query.channel ?? null;
    yield* this.pages((after) => this.read((repo) => repo.saleLines(from, to, channel, after, CSV_PAGE_SIZE)));
  }

  /** The range a bundle-sales query runs on, checked before the CSV starts. */
  bundleRange(query: TBundleQuery): { from: string; to: string; filter: BundleFilter } {
    const { from, to } = resolveRange(query.fromDate, query.toDate, this.today());
    const sku = query.sku ?? '';
    const filter: BundleFilter =
      query.reportType === 'getBundleSalesByIncludedModel'
        ? { kind: 'model', model: sku }
        : query.reportType === 'getBundleSalesByBundleSku'
          ? { kind: 'sku', sku }
          : { kind: 'all' };
    return { from, to, filter };
  }

  /** 002 §2 bundle sales: the member lines of the bundle sales in the range, for the CSV. */
  async *bundleLines(query: TBundleQuery): AsyncGenerator<Record<string, unknown>> {
    const { from, to, filter } = this.bundleRange(query);
    yield* this.pages((after) => this.read((repo) => repo.bundleLines(from, to, filter, after, CSV_PAGE_SIZE)));
  }

  private async *pages(fetch: (after: SaleLineKey) => Promise<SaleLineRow[]>): AsyncGenerator<Record<string, unknown>> {
    const rows = pagedRows<SaleLineRow>(
      (after) => fetch(after ? { transacted_at: after.transacted_at, id: after.id } : null),
      CSV_PAGE_SIZE,
    );
    for await (const row of rows) yield saleLineCsvRow(row);
  }
}
