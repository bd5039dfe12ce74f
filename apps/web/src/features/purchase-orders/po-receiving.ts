import { createContext, use, useContext, type ComponentType } from 'react';
import type { TPoLine } from '@keystone/contracts';

/** A line's receiving dialog: Receiving, Un-Receiving, or the line's received serials. */
export type TPoLineDialog = 'Receiving' | 'Un-Receiving' | 'Received Serials';

/**
 * The receiving screens on the PO detail page: the page's scan receiver (a UPC scanned on the page opens the
 * line's Receiving dialog) and a line's dialogs. The receiving feature provides them and the app composes them
 * (app/route-elements.tsx), so the purchase-orders feature imports no other feature.
 */
export interface PoReceivingUi {
  ScanReceiver: ComponentType<{ poId: number; lines: TPoLine[]; receivingDisabled: boolean }>;
  LineDialog: ComponentType<{ dialog: TPoLineDialog; line: TPoLine; onClose(): void }>;
}

const none = () => null;
const NO_RECEIVING = Promise.resolve<PoReceivingUi>({ ScanReceiver: none, LineDialog: none });

/** Loads the receiving screens (one promise, the same at every call). */
export const PoReceivingContext = createContext<() => Promise<PoReceivingUi>>(() => NO_RECEIVING);

/**
 * The receiving screens, once loaded: the page waits for them under the shell's loading fallback as it waits for
 * its own chunk, so its scan receiver and a line's dialogs are there when the page shows.
 */
export function usePoReceiving(): PoReceivingUi {
  return use(useContext(PoReceivingContext)());
}
