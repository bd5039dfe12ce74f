import type { OutboxEntry, TOutboxKind } from './scan-outbox';

/** One job's scans in the outbox (a PO line, a transfer, an audit, a pick, a bin, a PO line's un-receipts), for the scans-waiting screen. */
export interface TOutboxJob {
  context: string;
  kind: TOutboxKind;
  /** "Receiving PO 42", "Transfer CT-0000007" … */
  title: string;
  /** The screen where the job is worked, when the entry says enough to name it. */
  href: string | null;
  /** What a person can do about a scan the server refused on a replay. */
  advice: string;
  entries: OutboxEntry[];
}

const ADVICE: Record<TOutboxKind, string> = {
  receive:
    'Open the PO: if the line still needs the unit (the PO may have been finished, or the serial received elsewhere meanwhile), scan it again there; then clear this scan.',
  'transfer-scan':
    'Open the transfer: if the unit must still move (the serial may have moved, or the transfer been transacted), scan it again there, or force-push it when the screen offers; then clear this scan.',
  'audit-scan':
    'Open the audit: if the unit still needs counting (the audit may have been finished), scan it again there; then clear this scan.',
  pick: 'Open the pick: if the item is still to be picked (someone else may have picked it), pick it again there; then clear this scan.',
  'bin-items':
    "Open the bin's contents: check what the bin holds now, submit the change again if it is still needed; then clear this scan.",
  'sale-serial':
    'Open the committed sale: if it still needs the serial (it may be sold, or the serial committed elsewhere), scan it again there; then clear this scan.',
  unreceive:
    'Open the PO: if the unit must still be un-received (the receipt may have been un-received already, or the PO finished), un-receive it again there; then clear this scan.',
};

function describe(entry: OutboxEntry): Pick<TOutboxJob, 'title' | 'href'> {
  const body = entry.body as Record<string, unknown>;
  const [, ref = ''] = /^[^:]+:(.*)$/.exec(entry.context) ?? [];
  switch (entry.kind) {
    case 'receive': {
      const po = body.poApiPoId;
      return {
        title: `Receiving PO ${po ?? ''}`.trim(),
        href: typeof po === 'number' || typeof po === 'string' ? `/purchase-orders/review/${po}` : null,
      };
    }
    case 'transfer-scan':
      return { title: `Transfer ${entry.params?.refId ?? ref}`, href: null };
    case 'audit-scan': {
      const batch = body.auditBatchId;
      return {
        title: `Audit count ${ref}`,
        href: typeof batch === 'number' || typeof batch === 'string' ? `/inventory/audit-scans/${batch}` : null,
      };
    }
    case 'pick':
      return { title: `Pick ${ref}`, href: ref ? `/pick-item/${encodeURIComponent(ref)}` : null };
    case 'bin-items':
      return { title: `Bin contents ${ref}`, href: null };
    case 'sale-serial':
      return { title: `Committed sale ${entry.params?.ref ?? ref}`, href: '/boards/committed-sales' };
    case 'unreceive': {
      // The context is `unreceive:{poId}:{lineId}`.
      const [po = ''] = ref.split(':');
      return { title: `Un-receiving PO ${po}`.trim(), href: po ? `/purchase-orders/review/${po}` : null };
    }
  }
}

/** The outbox's entries grouped by job, in the order of each job's first scan. */
export function outboxJobs(entries: readonly OutboxEntry[]): TOutboxJob[] {
  const jobs = new Map<string, TOutboxJob>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    let job = jobs.get(entry.context);
    if (!job) {
      job = { context: entry.context, kind: entry.kind, ...describe(entry), advice: ADVICE[entry.kind], entries: [] };
      jobs.set(entry.context, job);
    }
    job.entries.push(entry);
  }
  return [...jobs.values()];
}
