/**
 * The reads of the floor screens that the service worker keeps, network first: the last answer to each is read
 * back when the network is down (or answers nothing for 5 s), so a PO, a transfer, a pick list item or an audit
 * opened online can still be worked offline. Only GET reads that change nothing: never a finish (a GET that
 * writes), a PDF, a job or a download. The kept answers are deleted at sign-out (lib/pwa/offline-data.ts).
 */
export const FLOOR_READ_PATHS = [
  // Receiving and un-receiving on the PO detail page.
  'purchase/getFull/\\d+',
  'purchase/status',
  'accounts-payable-invoice/attached-purchase-orders/\\d+',
  'ims/canReceivePos',
  'ims/products',
  'ims/transacted-receipts/poItem/serials/\\d+',
  'transacted-receipts/can-be-unreceived',
  // What every screen picks from, and the signed-in user.
  'buckets',
  'locations',
  'user',
  // Transfers by scan.
  'ims/inventory/product/preview',
  'ims/committed-transfers(?:/board|/inbound)?',
  'ims/transacted-transfers(?:/inbound)?',
  // Audit counts.
  'audit-scans(?:/details|/items|/completed)?',
  // Picking.
  'ims/picklist/(?:item|already-picked-item)/\\d+',
  'picklist/(?:printed|unprinted)',
  // Bins: the list, and one bin's contents (the bin contents page reads `/api/bins?searchTerm=…`).
  'ims/bins',
  'bins',
] as const;

/** Matches a floor read's URL (its path, then a query or the end). */
export const FLOOR_READS = new RegExp(`/api/(?:${FLOOR_READ_PATHS.join('|')})(?:\\?|$)`);
