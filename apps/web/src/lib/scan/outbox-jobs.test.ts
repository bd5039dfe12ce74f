import { describe, expect, it } from 'vitest';
import { outboxJobs } from './outbox-jobs';
import type { OutboxEntry } from './scan-outbox';

const entry = (over: Partial<OutboxEntry> & Pick<OutboxEntry, 'id' | 'seq' | 'kind' | 'context'>): OutboxEntry => ({
  body: {},
  label: over.id,
  createdAt: '2026-01-01T00:00:00.000Z',
  attempts: 0,
  state: 'pending',
  ...over,
});

describe('outboxJobs', () => {
  it('groups the scans by job in scanning order, names each job and its screen, and says what to do about a refusal', () => {
    const jobs = outboxJobs([
      entry({ id: 'c', seq: 3, kind: 'receive', context: 'po-line:7', body: { poApiPoId: 42 } }),
      entry({ id: 'b', seq: 2, kind: 'transfer-scan', context: 'transfer:CT-1', params: { refId: 'CT-1' } }),
      entry({ id: 'a', seq: 1, kind: 'receive', context: 'po-line:7', body: { poApiPoId: 42 } }),
      entry({
        id: 'd',
        seq: 4,
        kind: 'audit-scan',
        context: 'audit:IA-9',
        body: { auditBatchId: 5 },
        state: 'refused',
        message: 'Finished',
      }),
      entry({
        id: 'e',
        seq: 5,
        kind: 'unreceive',
        context: 'unreceive:42:7',
        params: { imsTransactionReferenceId: 'IR-1' },
      }),
    ]);
    expect(jobs.map((j) => [j.title, j.href, j.entries.map((e) => e.id)])).toEqual([
      ['Receiving PO 42', '/purchase-orders/review/42', ['a', 'c']],
      ['Transfer CT-1', null, ['b']],
      ['Audit count IA-9', '/inventory/audit-scans/5', ['d']],
      ['Un-receiving PO 42', '/purchase-orders/review/42', ['e']],
    ]);
    expect(jobs[2]!.advice).toMatch(/audit may have been finished/);
    expect(jobs[3]!.advice).toMatch(/un-received already/);
  });
});
