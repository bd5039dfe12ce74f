let loading: Promise<{
  ScanReceiver: typeof import('./components/po-receiving-ui').PoScanReceiver;
  LineDialog: typeof import('./components/po-receiving-ui').PoLineDialog;
}> | null = null;

/**
 * The receiving screens the PO detail page shows (the purchase-orders feature's `PoReceivingUi`, passed to it in
 * app/route-elements.tsx): its scan receiver and a line's dialogs, one chunk, fetched once.
 */
export function loadPoReceivingUi() {
  return (loading ??= import('./components/po-receiving-ui').then(({ PoScanReceiver, PoLineDialog }) => ({
    ScanReceiver: PoScanReceiver,
    LineDialog: PoLineDialog,
  })));
}
