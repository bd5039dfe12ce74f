import { lazy, Suspense, useEffect } from 'react';
import { scanOutbox, startScanOutbox } from '../lib/scan/outbox';
import { waitingCount } from '../lib/scan/scan-outbox';
import { ErrorBoundary } from './error-fallback';
import { loadScanOutboxStatus } from './lazy-parts';

const ScanOutboxStatus = lazy(loadScanOutboxStatus);

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
  // Should the chip's module be out of reach (offline before it was ever fetched), the plain words still show.
  const plain = (
    <span data-testid="scans-waiting">
      {waiting ? `${waiting} scan${waiting === 1 ? '' : 's'} waiting` : 'Scans refused'}
    </span>
  );
  return (
    <ErrorBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <ScanOutboxStatus waiting={waiting} />
      </Suspense>
    </ErrorBoundary>
  );
}
