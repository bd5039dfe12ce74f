import { createContext, type ComponentType } from 'react';
import type { TPoLine } from '@keystone/contracts';

/** A line's receiving dialog: Receiving, Un-Receiving, or the line's received serials. */
export type TPoLineDialog = 'Receiving' | 'Un-Receiving' | 'Received Serials';

/**
 * The receiving screens on the PO detail page: the page's scan receiver (a UPC scanned on the page opens the
 * line's Receiving dialog) and a line's dialogs. The receiving feature provides them and the app composes them
 * (app/route-elements.tsx), so the purchase-orders feature imports no other feature; `preload` starts fetching
 * them when the page opens, so a scan on the page is taken as soon as the PO shows.
 */
export interface PoReceivingUi {
  preload(): void;
  ScanReceiver: ComponentType<{ poId: number; lines: TPoLine[]; receivingDisabled: boolean }>;
  LineDialog: ComponentType<{ dialog: TPoLineDialog; line: TPoLine; onClose(): void }>;
}

const none = () => null;
export const PoReceivingContext = createContext<PoReceivingUi>({ preload: () => undefined, ScanReceiver: none, LineDialog: none });
