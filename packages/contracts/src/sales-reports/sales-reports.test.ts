import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../reference/platforms.js';
import { SALES_CHANNELS, SHIP_TO_STATES, ZCommitSaleSchema } from '../committed-sales/committed-sales.api.js';
import { addDays } from '../purchase-orders/po-rules.js';
import {
  daysInRange,
  defaultSalesReportRange,
  lowStockLevel,
  LOW_STOCK_RED_AT,
  LOW_STOCK_YELLOW_AT,
  resolveRange,
  SALES_REPORT_MESSAGES,
  ZBrandSellThruQuerySchema,
  ZBundleSalesQuerySchema,
  ZSelloutThreatQuerySchema,
} from './sales-reports.api.js';

describe('sales report rules', () => {
  it('colours low stock red at 10 or below and yellow at 25 or below (002 §9)', () => {
    expect(
      [LOW_STOCK_RED_AT - 1, LOW_STOCK_RED_AT, LOW_STOCK_RED_AT + 1, LOW_STOCK_YELLOW_AT, LOW_STOCK_YELLOW_AT + 1].map(
        lowStockLevel,
      ),
    ).toEqual(['red', 'red', 'yellow', 'yellow', null]);
    expect(lowStockLevel(-2)).toBe('red');
  });

  it('counts days with both ends and defaults to the last 30 days', () => {
    expect(daysInRange('2026-02-27', '2026-03-01')).toBe(3);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(defaultSalesReportRange(new Date('2026-03-05T23:00:00Z'))).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(resolveRange(undefined, '2026-01-30')).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    expect(resolveRange('2026-01-10', undefined, new Date('2026-03-05T00:00:00Z'))).toEqual({
      from: '2026-01-10',
      to: '2026-03-05',
    });
  });

  it('sells on every tax-map platform and at the store, to the 50 states and DC', () => {
    expect(SALES_CHANNELS).toEqual([...PLATFORMS.map((p) => p.platform_code), 'store']);
    expect(SHIP_TO_STATES).toHaveLength(51);
    const base = { legacyPosInvoiceId: 'I', model: 'M', quantity: 1, sourceBucket: 'KY01' };
    expect(
      ZCommitSaleSchema.parse({ ...base, salesChannel: ' WALTS ', shipToState: 'dc', unitPriceCents: 0 }),
    ).toMatchObject({ salesChannel: 'walts', shipToState: 'DC', unitPriceCents: 0 });
    for (const bad of [
      { salesChannel: 'ebay' },
      { shipToState: 'PR' },
      { unitPriceCents: -1 },
      { unitPriceCents: 0.5 },
    ])
      expect(ZCommitSaleSchema.safeParse({ ...base, ...bad }).success).toBe(false);
  });

  it('needs a brand, at least one sellout brand, and a sku for the filtered bundle reports', () => {
    const brand = ZBrandSellThruQuerySchema.safeParse({ brand: ' ' });
    expect(brand.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['brand', SALES_REPORT_MESSAGES.brandRequired],
    ]);
    expect(ZSelloutThreatQuerySchema.safeParse({ 'brands[]': ['', ' '] }).error?.issues[0]?.message).toBe(
      SALES_REPORT_MESSAGES.brandsRequired,
    );
    expect(ZSelloutThreatQuerySchema.safeParse({ brands: 'GE' }).success).toBe(true);
    expect(
      ZBundleSalesQuerySchema.safeParse({ reportType: 'getBundleSalesByIncludedModel', sku: '' }).error?.issues[0]
        ?.path,
    ).toEqual(['sku']);
    expect(ZBundleSalesQuerySchema.parse({ reportType: '' }).reportType).toBe('getAllBundleSales');
    expect(
      ZBrandSellThruQuerySchema.safeParse({ brand: 'GE', startDate: '2026-03-02', endDate: '2026-03-01' }).error
        ?.issues[0]?.path,
    ).toEqual(['endDate']);
  });
});
