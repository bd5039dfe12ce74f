/** The PO detail route of a PO id (001 §2). */
export function poReviewPath(id: number | string): string {
  return `/purchase-orders/review/${encodeURIComponent(String(id))}`;
}

/** Legacy purchase orders link to /purchase-orders/review/{legacy PO number}?legacy=true (001 §2). */
export function legacyPoReviewPath(legacyPoNumber: string): string {
  return `${poReviewPath(legacyPoNumber)}?legacy=true`;
}

/** The navigation state that asks the PO list to put the focus on its Create PO panel (the new-PO shortcut). */
export const NEW_PO_STATE = 'newPo';

/** Where the new-PO shortcut goes: the PO list, its Create PO panel focused (a fresh value each time). */
export function newPoTarget(): { to: string; state: Record<string, number> } {
  return { to: '/purchase-orders', state: { [NEW_PO_STATE]: Date.now() } };
}
