import { describe, expect, it } from 'vitest';
import {
  defaultGenericRange,
  groupReconciliationRows,
  isValidQuote,
  moneyCents,
  preselectedPayments,
  reconciliationCounts,
  reconciliationTab,
  stagedPaymentState,
  trackingNumbersOf,
  visibleReconciliationTabs,
  ZApplyPaymentsSchema,
  ZTrackingSearchQuerySchema,
  type TGroupableRow,
} from './shipping-reconciliation.api.js';

const row = (over: Partial<TGroupableRow> = {}): TGroupableRow => ({
  reconciliation_result: 'Matched',
  shipping_quote: '12.50',
  shipping_cost_billed: null,
  shipping_cost_paid: null,
  reported_billed_charge: 12.5,
  ...over,
});

describe('shipping reconciliation grouping (002 §4)', () => {
  it('a quote is valid only as a number of up to 2 decimals', () => {
    for (const ok of ['12', '12.5', '12.50', '0', '0.01', ' 7.25 ', 3.1]) expect(isValidQuote(ok)).toBe(true);
    for (const bad of ['', 'N/A', '12.345', '1,200.00', '$12', '12.', '.5', 'abc', null, undefined, Number.NaN])
      expect(isValidQuote(bad)).toBe(false);
  });

  it('applies the rules in order: Not Found, Invalid Quote, not paid, partially paid, paid in full', () => {
    expect(
      reconciliationTab(row({ reconciliation_result: 'Unable to find matching gray box', shipping_quote: null })),
    ).toBe('notFound');
    expect(reconciliationTab(row({ shipping_quote: 'N/A', shipping_cost_paid: 12.5 }))).toBe('invalidQuote');
    expect(reconciliationTab(row({ shipping_quote: '12.345' }))).toBe('invalidQuote');
    expect(reconciliationTab(row())).toBe('paymentsToApply');
    expect(reconciliationTab(row({ shipping_cost_billed: 12.5, shipping_cost_paid: 12.49 }))).toBe('partiallyPaid');
    expect(reconciliationTab(row({ shipping_cost_billed: 12.5, shipping_cost_paid: 12.5 }))).toBe('paidInFull');
    expect(reconciliationTab(row({ shipping_cost_billed: 12.5, shipping_cost_paid: 13 }))).toBe('paidInFull');
    expect(reconciliationTab(row({ shipping_cost_paid: 0 }))).toBe('partiallyPaid');
  });

  it('compares cents exactly, where floating point would not (0.1 + 0.2 paid against 0.30 billed)', () => {
    expect(reconciliationTab(row({ shipping_cost_billed: 0.3, shipping_cost_paid: 0.1 + 0.2 }))).toBe('paidInFull');
    expect(reconciliationTab(row({ shipping_cost_billed: 1.15, shipping_cost_paid: 1.14 }))).toBe('partiallyPaid');
  });

  it('uses the reported billed charge while nothing was recorded as billed', () => {
    expect(reconciliationTab(row({ reported_billed_charge: 20, shipping_cost_paid: 10 }))).toBe('partiallyPaid');
    expect(reconciliationTab(row({ reported_billed_charge: 20, shipping_cost_paid: 20 }))).toBe('paidInFull');
  });

  it('groups and counts, showing Not Found and Invalid Quote only above 0', () => {
    const rows = [row(), row({ shipping_cost_paid: 12.5 }), row({ shipping_quote: '' })];
    const groups = groupReconciliationRows(rows);
    expect(groups.paymentsToApply).toEqual([rows[0]]);
    expect(groups.paidInFull).toEqual([rows[1]]);
    expect(groups.invalidQuote).toEqual([rows[2]]);
    const counts = reconciliationCounts(rows);
    expect(counts).toEqual({ paymentsToApply: 1, paidInFull: 1, partiallyPaid: 0, notFound: 0, invalidQuote: 1 });
    expect(visibleReconciliationTabs(counts)).toEqual([
      'paymentsToApply',
      'paidInFull',
      'partiallyPaid',
      'invalidQuote',
    ]);
  });

  it('pre-selects Matched, In Our Favor and Within Acceptable Threshold with billed and payment the reported charge', () => {
    const rows = [
      { tracking_number: 'A', reconciliation_result: 'Matched', reported_billed_charge: 10 },
      { tracking_number: 'B', reconciliation_result: 'Not Matched - In Our Favor', reported_billed_charge: 9.5 },
      {
        tracking_number: 'C',
        reconciliation_result: 'Not Matched - Within Acceptable Threshold',
        reported_billed_charge: 10.25,
      },
      {
        tracking_number: 'D',
        reconciliation_result: 'Not Matched - Outside Acceptable Threshold',
        reported_billed_charge: 30,
      },
      { tracking_number: 'E', reconciliation_result: 'Unable to find matching gray box', reported_billed_charge: 5 },
    ];
    expect(preselectedPayments(rows)).toEqual([
      { tracking_number: 'A', billed: '10.00', payment: '10.00' },
      { tracking_number: 'B', billed: '9.50', payment: '9.50' },
      { tracking_number: 'C', billed: '10.25', payment: '10.25' },
    ]);
  });
});

describe('staged rows and money (002 §5)', () => {
  it('is invalid with an empty billed or paid, matching when equal at 2 decimals', () => {
    expect(stagedPaymentState({ billed: '', payment: '1' }).valid).toBe(false);
    expect(stagedPaymentState({ billed: '1', payment: '' }).errors.payment).toBe('Enter the payment to apply.');
    expect(stagedPaymentState({ billed: '10.5', payment: '10.50' })).toEqual({
      valid: true,
      matching: true,
      errors: {},
    });
    expect(stagedPaymentState({ billed: '10.5', payment: '10.49' }).matching).toBe(false);
    expect(stagedPaymentState({ billed: '-1', payment: '1' }).valid).toBe(false);
    expect(stagedPaymentState({ billed: '1.234', payment: '1' }).errors.billed).toMatch(/2 decimals/);
  });

  it('reads cents through the decimal text', () => {
    expect(moneyCents(0.1 + 0.2)).toBe(30);
    expect(moneyCents('1,234.5')).toBe(123450);
    expect(moneyCents('$7')).toBe(700);
    expect(moneyCents('-2.05')).toBe(-205);
    expect(moneyCents('.5')).toBe(50);
    expect(moneyCents('x')).toBeNull();
  });

  it('the default generic range is one month back to today', () => {
    expect(defaultGenericRange(new Date('2020-05-15T12:00:00Z'))).toEqual({ from: '2020-04-15', to: '2020-05-15' });
    expect(defaultGenericRange(new Date('2020-03-31T12:00:00Z'))).toEqual({ from: '2020-02-29', to: '2020-03-31' });
    expect(defaultGenericRange(new Date('2021-01-10T00:00:00Z'))).toEqual({ from: '2020-12-10', to: '2021-01-10' });
  });
});

describe('request schemas', () => {
  it('the search needs a non-empty tracking number', () => {
    expect(ZTrackingSearchQuerySchema.safeParse({ 'trackingNumbers[]': ' ' }).success).toBe(false);
    expect(ZTrackingSearchQuerySchema.safeParse({}).success).toBe(false);
    const ok = ZTrackingSearchQuerySchema.parse({ 'trackingNumbers[]': ['1Z1', ' 1Z1 ', '1Z2'] });
    expect(trackingNumbersOf(ok)).toEqual(['1Z1', '1Z2']);
  });

  it('refuses bad amounts naming the field', () => {
    const result = ZApplyPaymentsSchema.safeParse({
      idempotencyKey: 'key-12345',
      updates: { '1Z9': { reported_billed_charge: 1.234, payment_to_apply: -1 } },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['updates.1Z9.reported_billed_charge', 'updates.1Z9.payment_to_apply']),
    );
    expect(ZApplyPaymentsSchema.safeParse({ idempotencyKey: 'key-12345', updates: {} }).success).toBe(false);
    expect(
      ZApplyPaymentsSchema.safeParse({
        idempotencyKey: 'key-12345',
        updates: { A: { reported_billed_charge: 21474836.48, payment_to_apply: 0 } },
      }).success,
    ).toBe(false);
  });
});
