/**
 * Purchase-order rules both sides use (000 §4, §5, §9; 001 §4): statuses and their locks, line discounts,
 * totals, the collision warning, the default requested delivery date. Money in integer cents.
 */

export const PO_STATUS = {
  new: 'New',
  building: 'Building',
  orderSent: 'Order Sent',
  orderConfirmed: 'Order Confirmed',
  partiallyReceived: 'Partially Received',
  received: 'Received',
  complete: 'Complete',
  cancelled: 'Cancelled',
} as const;

/** The status list the server answers (GET purchase/status), in order; ids are stable. */
export const PO_STATUSES = [
  { id: 1, status_name: PO_STATUS.new },
  { id: 2, status_name: PO_STATUS.building },
  { id: 3, status_name: PO_STATUS.orderSent },
  { id: 4, status_name: PO_STATUS.orderConfirmed },
  { id: 5, status_name: PO_STATUS.partiallyReceived },
  { id: 6, status_name: PO_STATUS.received },
  { id: 7, status_name: PO_STATUS.complete },
  { id: 8, status_name: PO_STATUS.cancelled },
] as const;

/** Vendor 127 is excluded from the PO and vendor lists (000 §7, §9). */
export const EXCLUDED_VENDOR_ID = 127;
export const PO_PAGE_SIZES = [5, 10, 15, 25, 50, 100] as const;
export const PO_DEFAULT_PAGE_SIZE = 25;

/** New or Building: the PO is being built. */
export function isBuilding(status: string): boolean {
  return status === PO_STATUS.new || status === PO_STATUS.building;
}

/** Complete locks editing and receiving. */
export function isLocked(status: string): boolean {
  return status === PO_STATUS.complete;
}

/** Order Sent locks the carrier, tracking and vendor order fields, and offers Confirm PO From Vendor. */
export function locksShippingFields(status: string): boolean {
  return status === PO_STATUS.orderSent;
}

export type TDiscountType = 'Percent Off' | 'Dollar Off' | '' | null | undefined;

/**
 * The unit cost after a line discount (000 §5): Dollar Off subtracts the amount, Percent Off reduces by that
 * percent, no type means no discount; the result has 2 decimals (half up) and never goes below zero.
 * `amount` is dollars for Dollar Off and a percentage for Percent Off, at most 2 decimals.
 */
export function discountedCostCents(costCents: number, amount: number, type: TDiscountType): number {
  if (!type || !amount) return costCents;
  const hundredths = Math.round(amount * 100);
  if (type === 'Dollar Off') return Math.max(0, costCents - hundredths);
  // cost × (10000 − hundredths of a percent) / 10000, rounded half up, in integers.
  const scaled = costCents * (10_000 - hundredths);
  return Math.max(0, Math.floor((scaled + 5_000) / 10_000));
}

export interface TPoTotalsLine {
  costCents: number;
  qtyOrdered: number;
  qtyReceived: number;
}

export interface TPoTotals {
  subTotalCents: number;
  totalReceivedCents: number;
  dfiDiscountCents: number;
  balanceDueCents: number;
}

/** Hundredths of a percent from the stored text ("2.50" → 250), exactly. */
export function percentToHundredths(percent: string | number): number {
  const text = typeof percent === 'number' ? percent.toFixed(2) : percent.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not a percentage: ${percent}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The totals box (000 §2, §9): Sub Total = Σ cost × qty ordered; Total Received = Σ cost × qty received;
 * DFI Discount Amount = Sub Total × dfi_discount_percentage / 100 (half up); Balance Due = Sub Total − DFI
 * discount, or 0 once the PO is marked paid.
 */
export function computePoTotals(
  lines: readonly TPoTotalsLine[],
  dfiPercent: string | number,
  paid: boolean,
): TPoTotals {
  const subTotalCents = lines.reduce((sum, l) => sum + l.costCents * l.qtyOrdered, 0);
  const totalReceivedCents = lines.reduce((sum, l) => sum + l.costCents * l.qtyReceived, 0);
  const dfiDiscountCents = Math.floor((subTotalCents * percentToHundredths(dfiPercent) + 5_000) / 10_000);
  return {
    subTotalCents,
    totalReceivedCents,
    dfiDiscountCents,
    balanceDueCents: paid ? 0 : subTotalCents - dfiDiscountCents,
  };
}

/** A PO without a legacy number whose reference id lacks the letter W shows the PO Number Collision warning. */
export function hasPoNumberCollision(po: { legacy_po_number: string | null; purchase_ref_id: string }): boolean {
  return !po.legacy_po_number && !po.purchase_ref_id.toUpperCase().includes('W');
}

/** New POs are numbered W + the id, zero-padded to 6 digits. */
export function purchaseRefIdFor(id: number): string {
  return `W${String(id).padStart(6, '0')}`;
}

/** Parses a YYYY-MM-DD calendar date at UTC midnight; a date that does not exist is a RangeError. */
function calendarDate(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) throw new RangeError(`Expected a date written YYYY-MM-DD, got ${JSON.stringify(value)}`);
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3])); // not Date.UTC, which maps years 0–99 to 19xx
  if (d.toISOString().slice(0, 10) !== value) throw new RangeError(`Not a calendar date: ${value}`);
  return d;
}

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, UTC). */
export function addDays(date: string, days: number): string {
  const d = calendarDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The default requested delivery date: the Friday on or after today, plus 3 weeks (001 §4, §9). */
export function defaultRequestedDeliveryDate(today: string): string {
  const weekday = calendarDate(today).getUTCDay(); // 0 Sunday … 5 Friday
  return addDays(today, ((5 - weekday + 7) % 7) + 21);
}

/** PO line cost text has a comma removed before parsing (000 §5). */
export function parseLineCost(text: string): number {
  return Number(text.replace(',', ''));
}
