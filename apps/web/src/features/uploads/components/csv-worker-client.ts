import type { TCsvTable } from '@keystone/contracts/csv-rules';
import type { TParseReply, TParseRequest } from '../workers/csv-parse-messages';

/** One request to a fresh CSV worker; the worker ends with the answer. */
function ask(request: TParseRequest, onProgress?: (share: number) => void): Promise<TParseReply> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('../workers/csv-parse.worker.ts', import.meta.url), { type: 'module' });
    const finish = (reply: TParseReply) => {
      worker.terminate();
      resolve(reply);
    };
    worker.onmessage = (event: MessageEvent<TParseReply>) => {
      if (event.data.type === 'progress') onProgress?.(event.data.share);
      else finish(event.data);
    };
    worker.onerror = (event) => finish({ type: 'error', message: event.message || 'The file could not be read.' });
    worker.postMessage(request);
  });
}

/** Parses a file by the 002 §5 rules in a web worker; rejects with the rule's message (e.g. "Couldn't parse delimiter type from row"). */
export async function parseInWorker(
  file: File,
  kind: 'settlement' | 'holdings',
  onProgress: (share: number) => void,
): Promise<TCsvTable> {
  const reply = await ask({ type: 'parse', file, kind }, onProgress);
  if (reply.type === 'done') return reply.table;
  throw new Error(reply.type === 'error' ? reply.message : 'The file could not be read.');
}

/** The reviewed table written back with its delimiter (for the holdings upload, once flagged rows are removed). */
export async function tableTextInWorker(table: TCsvTable): Promise<string> {
  const reply = await ask({ type: 'unparse', table });
  if (reply.type === 'text') return reply.text;
  throw new Error(reply.type === 'error' ? reply.message : 'The file could not be written.');
}
