import { lazy, Suspense } from 'react';
import type { TRecordHistoryProps } from '../../lib/record-history';

const LazyPanel = lazy(() =>
  import('./components/record-history-panel').then((m) => ({ default: m.RecordHistoryPanel })),
);

/** The history feature's public entry: a record's history panel, loaded on first use. */
export function RecordHistoryPanel(props: TRecordHistoryProps) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  );
}
