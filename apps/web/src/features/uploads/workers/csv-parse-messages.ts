import type { TCsvTable } from '@keystone/contracts/csv-rules';

/** Messages between the upload pages and the CSV worker: parse a file, or write a reviewed table back as text. */
/** `kind` settlement: the report's summary row (its first data row) is its header, never flagged. */
export type TParseRequest =
  { type: 'parse'; file: File; kind: 'settlement' | 'holdings' } | { type: 'unparse'; table: TCsvTable };
export type TParseReply =
  | { type: 'progress'; share: number }
  | { type: 'done'; table: TCsvTable }
  | { type: 'text'; text: string }
  | { type: 'error'; message: string };
