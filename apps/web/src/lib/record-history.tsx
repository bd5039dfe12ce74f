import { createContext, use, type ComponentType } from 'react';
import type { THistoryEntity } from '@keystone/contracts';

export interface TRecordHistoryProps {
  entity: THistoryEntity;
  id: number | string;
}

/** The query key prefix of every record's history: a page that changes a record refreshes it after a save. */
export const RECORD_HISTORY_KEY = ['record-history'] as const;

/**
 * The history panel a record's page shows, given by the app (app/route-elements.tsx) from the history
 * feature, so no feature imports another.
 */
export const RecordHistoryContext = createContext<ComponentType<TRecordHistoryProps> | null>(null);

/** Where a record's page shows its history panel; nothing when the app gives none. */
export function RecordHistorySlot(props: TRecordHistoryProps) {
  const Panel = use(RecordHistoryContext);
  return Panel ? <Panel {...props} /> : null;
}
