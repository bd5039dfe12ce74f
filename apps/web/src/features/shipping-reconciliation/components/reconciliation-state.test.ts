import { describe, expect, it } from 'vitest';
import type { TShippingTransaction } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import {
  allStagedValid,
  firstTabWithRows,
  applyBatchToRows,
  applyBody,
  dashboardCounts,
  formatDollars,
  initialStaged,
  paidInFullRefusals,
  shownTab,
  stageRow,
  withSelection,
} from './reconciliation-state';

const row = (tracking_number: string, extra: Partial<TShippingTransaction> = {}): TShippingTransaction => ({
  tracking_number,
  fulfillment_po_number: 'FPO-1',
  ship_company: 'UPS',
  date_shipped: '2020-05-01',
  fulfillment_warehouse: 'KY01',
  shipping_quote: '10.00',
  shipping_cost_billed: null,
  shipping_cost_paid: null,
  reported_billed_charge: 10,
  reconciled_difference: 0,
  reconciliation_result: 'Matched',
  ...extra,
});

describe('shipping reconciliation dashboard state', () => {
  it('shows dollars with 2 decimals and thousands separators', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars('0.1')).toBe('$0.10');
    expect(formatDollars(-2)).toBe('-$2.00');
    expect(formatDollars(null)).toBe('—');
  });

  it('pre-selects only unpaid rows whose result is acceptable, billed and paid the reported charge', () => {
    const rows = [
      row('A'),
      row('B', { reconciliation_result: 'Not Matched - In Our Favor', reported_billed_charge: 8.5 }),
      row('C', { reconciliation_result: 'Not Matched - Within Acceptable Threshold', reported_billed_charge: 11 }),
      row('D', { reconciliation_result: 'Not Matched - Outside Acceptable Threshold', reported_billed_charge: 40 }),
      row('E', { shipping_cost_paid: 10, shipping_cost_billed: 10 }),
      row('F', { shipping_quote: 'N/A' }),
    ];
    expect(initialStaged(rows)).toEqual({
      A: { tracking_number: 'A', billed: '10.00', payment: '10.00' },
      B: { tracking_number: 'B', billed: '8.50', payment: '8.50' },
      C: { tracking_number: 'C', billed: '11.00', payment: '11.00' },
    });
  });

  it('stages a hand-picked row with its charge and no payment, or what is still due when partly paid', () => {
    expect(stageRow(row('D', { reported_billed_charge: 40 }))).toEqual({
      tracking_number: 'D',
      billed: '40.00',
      payment: '',
    });
    expect(stageRow(row('P', { shipping_cost_billed: 40, shipping_cost_paid: 25.5 }))).toEqual({
      tracking_number: 'P',
      billed: '40.00',
      payment: '14.50',
    });
  });

  it('follows the grid selection, keeping the edits of rows still selected', () => {
    const rows = [row('A'), row('B'), row('C')];
    const staged = {
      A: { tracking_number: 'A', billed: '10.00', payment: '9.00' },
      Z: { tracking_number: 'Z', billed: '1', payment: '1' },
    };
    const next = withSelection(staged, rows, new Set(['A', 'C']));
    expect(next).toEqual({ A: staged.A, Z: staged.Z, C: { tracking_number: 'C', billed: '10.00', payment: '' } });
  });

  it('needs billed and paid on every staged row before applying', () => {
    expect(allStagedValid({})).toBe(false);
    expect(allStagedValid({ A: { tracking_number: 'A', billed: '10', payment: '' } })).toBe(false);
    expect(allStagedValid({ A: { tracking_number: 'A', billed: '10', payment: '9.99' } })).toBe(true);
  });

  it('builds the PUT body keyed by tracking number, in dollars exact to the cent', () => {
    expect(applyBody([{ tracking_number: 'A', billed: '10.1', payment: '0.29' }], 'key-12345')).toEqual({
      idempotencyKey: 'key-12345',
      updates: { A: { reported_billed_charge: 10.1, payment_to_apply: 0.29 } },
    });
  });

  it('sends Pay anyway with its trimmed reason on the refused rows only', () => {
    const rows = [
      { tracking_number: 'A', billed: '10', payment: '1' },
      { tracking_number: 'B', billed: '5', payment: '5' },
    ];
    expect(
      applyBody(rows, 'key-12345', { trackingNumbers: new Set(['A']), reason: '  Carrier re-billed  ' }).updates,
    ).toEqual({
      A: { reported_billed_charge: 10, payment_to_apply: 1, override: true, override_reason: 'Carrier re-billed' },
      B: { reported_billed_charge: 5, payment_to_apply: 5 },
    });
  });

  it('reads the shipments a 409 refused as already paid in full, and nothing from other refusals', () => {
    const message =
      'This shipment is already paid in full ($10.00 paid). To pay it again, choose Pay anyway and give the reason.';
    const refused = new ApiCallError(
      409,
      {
        statusCode: 409,
        message: 'A shipment in this batch is already paid in full; nothing was applied.',
        errors: { 'updates.1Z.A.override': [message] },
      },
      '/x',
    );
    expect(paidInFullRefusals(refused)).toEqual([{ trackingNumber: '1Z.A', message }]);
    expect(paidInFullRefusals(new ApiCallError(409, { errors: { idempotencyKey: ['used'] } }, '/x'))).toEqual([]);
    expect(paidInFullRefusals(new ApiCallError(400, { errors: { 'updates.A.override': ['x'] } }, '/x'))).toEqual([]);
    expect(paidInFullRefusals(new Error('offline'))).toEqual([]);
  });

  it('moves applied rows between tabs: counts from the rows unless the answer was cut', () => {
    const rows = [row('A'), row('B', { reported_billed_charge: 20 })];
    const after = applyBatchToRows(rows, [
      {
        tracking_number: 'A',
        reported_billed_charge: 10,
        payment_to_apply: 10,
        paid_before: null,
        paid_after: 10,
        override: false,
        override_reason: null,
      },
      {
        tracking_number: 'B',
        reported_billed_charge: 20,
        payment_to_apply: 5,
        paid_before: null,
        paid_after: 5,
        override: false,
        override_reason: null,
      },
    ]);
    const serverCounts = { paymentsToApply: 2, paidInFull: 0, partiallyPaid: 0, notFound: 0, invalidQuote: 0 };
    expect(dashboardCounts({ counts: serverCounts, truncated: false }, after)).toEqual({
      paymentsToApply: 0,
      paidInFull: 1,
      partiallyPaid: 1,
      notFound: 0,
      invalidQuote: 0,
    });
    expect(dashboardCounts({ counts: serverCounts, truncated: true }, after)).toBe(serverCounts);
  });

  it('opens a new answer on the first tab that has rows', () => {
    expect(
      firstTabWithRows({ paymentsToApply: 0, paidInFull: 0, partiallyPaid: 2, notFound: 1, invalidQuote: 0 }),
    ).toBe('partiallyPaid');
    expect(
      firstTabWithRows({ paymentsToApply: 0, paidInFull: 0, partiallyPaid: 0, notFound: 0, invalidQuote: 0 }),
    ).toBe('paymentsToApply');
  });

  it('falls back to the first visible tab when the chosen one is hidden', () => {
    expect(shownTab('notFound', ['paymentsToApply', 'paidInFull'])).toBe('paymentsToApply');
    expect(shownTab('paidInFull', ['paymentsToApply', 'paidInFull'])).toBe('paidInFull');
  });
});
