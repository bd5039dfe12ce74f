import {
  groupReconciliationRows,
  moneyCents,
  preselectedPayments,
  reconciliationCounts,
  stagedPaymentState,
  visibleReconciliationTabs,
  type TApplyPayments,
  type TPaymentBatchLine,
  type TReconciliationCounts,
  type TReconciliationTab,
  type TShippingTransaction,
  type TShippingTransactionsResult,
  type TStagedPayment,
} from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';

/** The staged rows of the editor, by tracking number. */
export type StagedMap = Record<string, TStagedPayment>;

/** 000 §9: money shown in US dollars with 2 decimals ('$1,234.50'); a dash when absent. */
export function formatDollars(value: number | string | null | undefined): string {
  const cents = moneyCents(value);
  if (cents === null) return '—';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The tab counts to show: counted from the rows held when they are all the matching rows (so an apply that moves rows
 * between tabs shows at once), else the server's counts over every match (the answer was cut at its row limit).
 */
export function dashboardCounts(
  result: Pick<TShippingTransactionsResult, 'counts' | 'truncated'>,
  rows: readonly TShippingTransaction[],
): TReconciliationCounts {
  return result.truncated ? result.counts : reconciliationCounts(rows);
}

export { groupReconciliationRows, visibleReconciliationTabs };

/**
 * 002 §4 pre-selection: the rows still to pay (Payments to Apply) whose result is Matched, In Our Favor or Within
 * Acceptable Threshold, billed and payment both the reported billed charge. Rows already paid are never pre-selected.
 */
export function initialStaged(rows: readonly TShippingTransaction[]): StagedMap {
  const toPay = groupReconciliationRows(rows).paymentsToApply;
  return Object.fromEntries(preselectedPayments(toPay).map((p) => [p.tracking_number, p]));
}

/**
 * A row the user selects by hand: billed is the reported billed charge; the payment is left empty for the user to
 * decide (the row stays invalid until it is entered), except a partly paid row, which offers what is still due.
 */
export function stageRow(row: TShippingTransaction): TStagedPayment {
  const billedCents = moneyCents(row.shipping_cost_billed) ?? moneyCents(row.reported_billed_charge);
  const billed = billedCents === null ? '' : (billedCents / 100).toFixed(2);
  const paid = moneyCents(row.shipping_cost_paid);
  const due =
    paid !== null && billedCents !== null && billedCents > paid ? ((billedCents - paid) / 100).toFixed(2) : '';
  return { tracking_number: row.tracking_number, billed, payment: due };
}

/** The selection of a grid (its rows' tracking numbers) applied to the staged map, keeping edits of rows still chosen. */
export function withSelection(
  staged: StagedMap,
  tabRows: readonly TShippingTransaction[],
  selected: ReadonlySet<string>,
): StagedMap {
  const next: StagedMap = { ...staged };
  for (const row of tabRows) {
    const id = row.tracking_number;
    if (selected.has(id)) next[id] ??= stageRow(row);
    else delete next[id];
  }
  return next;
}

/** Whether every staged row is valid (002 §5: billed and paid both present, money, min 0). */
export function allStagedValid(staged: StagedMap): boolean {
  const rows = Object.values(staged);
  return rows.length > 0 && rows.every((r) => stagedPaymentState(r).valid);
}

/** Pay anyway: the shipments already paid in full that are paid again, and the reason recorded with each payment. */
export interface PayAnyway {
  trackingNumbers: ReadonlySet<string>;
  reason: string;
}

/** The PUT body of the staged rows (002 §7: updates keyed by tracking number), with Pay anyway on the rows it names. */
export function applyBody(
  staged: readonly TStagedPayment[],
  idempotencyKey: string,
  payAnyway?: PayAnyway,
): TApplyPayments {
  return {
    idempotencyKey,
    updates: Object.fromEntries(
      staged.map((r) => [
        r.tracking_number,
        {
          reported_billed_charge: (moneyCents(r.billed) ?? 0) / 100,
          payment_to_apply: (moneyCents(r.payment) ?? 0) / 100,
          ...(payAnyway?.trackingNumbers.has(r.tracking_number)
            ? { override: true, override_reason: payAnyway.reason.trim() }
            : {}),
        },
      ]),
    ),
  };
}

/** A shipment the server refused to pay because it is already paid in full, with the server's words. */
export interface PaidInFullRefusal {
  trackingNumber: string;
  message: string;
}

/**
 * The shipments of a refused apply that are already paid in full (a 409 naming `updates.{tn}.override`): the ones
 * Pay anyway can pay. Empty for any other failure.
 */
export function paidInFullRefusals(error: unknown): PaidInFullRefusal[] {
  if (!(error instanceof ApiCallError) || error.status !== 409) return [];
  const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors ?? {};
  return Object.entries(errors).flatMap(([key, messages]) => {
    const found = /^updates\.(.+)\.override$/.exec(key);
    return found ? [{ trackingNumber: found[1]!, message: [messages].flat().map(String).join(' ') }] : [];
  });
}

/** The rows after a batch: billed becomes the accepted charge and paid the batch's paid_after (so they move tabs). */
export function applyBatchToRows(
  rows: readonly TShippingTransaction[],
  lines: readonly TPaymentBatchLine[],
): TShippingTransaction[] {
  const byTracking = new Map(lines.map((l) => [l.tracking_number, l]));
  return rows.map((row) => {
    const line = byTracking.get(row.tracking_number);
    return line
      ? { ...row, shipping_cost_billed: line.reported_billed_charge, shipping_cost_paid: line.paid_after }
      : row;
  });
}

/** The tab shown: the one asked for while it is visible, else the first. */
export function shownTab(wanted: TReconciliationTab, visible: readonly TReconciliationTab[]): TReconciliationTab {
  return visible.includes(wanted) ? wanted : (visible[0] ?? 'paymentsToApply');
}

/** The tab a new answer opens on: the first tab that has rows, else Payments to Apply. */
export function firstTabWithRows(counts: TReconciliationCounts): TReconciliationTab {
  return visibleReconciliationTabs(counts).find((tab) => counts[tab] > 0) ?? 'paymentsToApply';
}
