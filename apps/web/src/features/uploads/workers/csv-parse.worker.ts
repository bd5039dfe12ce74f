import { decodeTextBytes, isSettlementSummary, parseDelimitedText, tableToText } from '@keystone/contracts/csv-rules';
import type { TParseReply, TParseRequest } from './csv-parse-messages';

/**
 * Parses an upload by the 002 §5 rules off the page's thread (a large file would freeze it), reporting progress; the
 * same rules the server applies to a holdings file (packages/contracts/src/uploads/csv-rules.ts). Papaparse lives
 * only here, so the screens' chunks do not carry it.
 */
// The page's DOM types describe `self` as a Window; in a dedicated worker postMessage takes the message alone.
const post = (reply: TParseReply) =>
  (self as unknown as { postMessage: (message: TParseReply) => void }).postMessage(reply);

self.onmessage = async (event: MessageEvent<TParseRequest>) => {
  try {
    if (event.data.type === 'unparse') {
      post({ type: 'text', text: tableToText(event.data.table) });
      return;
    }
    // UTF-8, or the encoding a spreadsheet wrote it in (Windows-1252 from Excel on Windows), as the server reads it.
    const text = decodeTextBytes(new Uint8Array(await event.data.file.arrayBuffer()));
    post({ type: 'progress', share: 0 });
    const keep = event.data.kind === 'settlement' ? isSettlementSummary : undefined;
    const table = parseDelimitedText(text, { onProgress: (share) => post({ type: 'progress', share }), keep });
    post({ type: 'done', table });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
