import { lazy, Suspense, useEffect } from 'react';
import { scanOutbox, startScanOutbox } from '../lib/scan/outbox';
import { waitingCount } from '../lib/scan/scan-outbox';

const ScanOutboxStatus = lazy(() => import('./scan-outbox-status'));

/**
 * Starts the browser's scan outbox (replays what an earlier page left) and, when scans wait for the server or were
 * refused on a replay, shows the app bar's word on them. The chip and its list load only then, so they stay out of
 * the first download.
 */
export function ScanOutboxIndicator() {
  useEffect(() => startScanOutbox(), []);
  const waiting = scanOutbox.store(waitingCount);
  const refused = scanOutbox.store((s) => s.entries.some((e) => e.state === 'refused'));
  if (!waiting && !refused) return null;
  return (
    <Suspense fallback={null}>
      <ScanOutboxStatus waiting={waiting} />
    </Suspense>
  );
}
