import { lazy, Suspense } from 'react';
import type { TPoLine } from '@keystone/contracts';

let loading: Promise<typeof import('./components/po-receiving-ui')> | null = null;
const load = () => (loading ??= import('./components/po-receiving-ui'));
const LazyScanReceiver = lazy(async () => ({ default: (await load()).PoScanReceiver }));
const LazyLineDialog = lazy(async () => ({ default: (await load()).PoLineDialog }));

/**
 * The receiving screens the PO detail page shows (the purchase-orders feature's PoReceivingContext, composed in
 * app/route-elements.tsx): one chunk, fetched when the page opens, shown in place without the page's fallback.
 */
export const PO_RECEIVING_UI = {
  preload: () => void load(),
  ScanReceiver(props: { poId: number; lines: TPoLine[]; receivingDisabled: boolean }) {
    return (
      <Suspense fallback={null}>
        <LazyScanReceiver {...props} />
      </Suspense>
    );
  },
  LineDialog(props: { dialog: 'Receiving' | 'Un-Receiving' | 'Received Serials'; line: TPoLine; onClose(): void }) {
    return (
      <Suspense fallback={null}>
        <LazyLineDialog {...props} />
      </Suspense>
    );
  },
};
