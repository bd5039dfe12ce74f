import { lazy, Suspense, useEffect } from 'react';
import { scanOutbox, startScanOutbox, useNetwork } from '../lib/scan/outbox';
import { waitingCount } from '../lib/scan/scan-outbox';
import { ErrorBoundary } from './error-fallback';
import { loadScanOutboxStatus } from './lazy-parts';

const ScanOutboxStatus = lazy(loadScanOutboxStatus);

/**
 * Starts the browser's scan outbox (replays what an earlier page left) and shows the app bar's word on the network
 * and the scans waiting. The chips load after the shell (the service worker keeps them), so they stay out of the
 * first download; until then, or should they be out of reach, plain words show.
 */
export function ScanOutboxIndicator() {
  useEffect(() => startScanOutbox(), []);
  const waiting = scanOutbox.store(waitingCount);
  const online = useNetwork((s) => s.online);
  const plain = (
    <span>
      <span data-testid="network-status">{online ? 'Online' : 'Offline'}</span>
      {waiting > 0 && <span data-testid="scans-waiting">{` ${waiting} scan${waiting === 1 ? '' : 's'} waiting`}</span>}
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
