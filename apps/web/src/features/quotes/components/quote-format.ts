import { dollarsToCents, formatUsd, QUOTE_STATUS_LABELS, type TContact, type TQuoteStatus } from '@keystone/contracts';

/** Dollars (as the API answers them) shown as US dollars with 2 decimals. */
export const usd = (dollars: number) => formatUsd(dollarsToCents(dollars));

export const contactLabel = (c: Pick<TContact, 'first_name' | 'last_name'>) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || '(no name)';

export function contactSummary(c: TContact): string {
  const place = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, place, c.primary_phone].filter(Boolean).join(' · ');
}

export const STATUS_COLOR: Record<TQuoteStatus, 'default' | 'info' | 'success' | 'error' | 'secondary'> = {
  OPEN: 'default',
  SENT: 'info',
  ACCEPTED: 'success',
  DECLINED: 'error',
  CONVERTED: 'secondary',
};

export const statusLabel = (s: TQuoteStatus) => QUOTE_STATUS_LABELS[s];

/** Money text typed in a field: digits with at most 2 decimals. */
export const isMoneyText = (text: string) => /^\d+(\.\d{0,2})?$/.test(text.trim());
