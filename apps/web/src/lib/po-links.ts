/** The PO detail route of a PO id (001 §2). */
export function poReviewPath(id: number | string): string {
  return `/purchase-orders/review/${encodeURIComponent(String(id))}`;
}

/** Legacy purchase orders link to /purchase-orders/review/{legacy PO number}?legacy=true (001 §2). */
export function legacyPoReviewPath(legacyPoNumber: string): string {
  return `${poReviewPath(legacyPoNumber)}?legacy=true`;
}
