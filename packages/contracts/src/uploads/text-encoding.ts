import jschardet from 'jschardet';

/**
 * The encoding of an uploaded text file, judged on its first bytes, for the server (carrier invoices, holdings files)
 * and the browser (the upload pages' worker) alike (docs/decisions.md, "Spreadsheet-ready files: BOM, ids as text, dates Excel reads, typed XLSX cells, self-contained ZPL"): UTF-16 with its byte-order mark; NUL bytes are a
 * binary file; valid UTF-8 is UTF-8; anything else is the single-byte encoding the well-kept detector jschardet finds
 * among those spreadsheets write for Latin text (Excel's "CSV (Comma delimited)" on Windows: Windows-1252). Left
 * unrestricted, jschardet reads a few accented Latin letters as Cyrillic windows-1251. A verdict under 0.5
 * confidence is not text.
 */
export const TEXT_SNIFF_BYTES = 64 * 1024;
const MIN_CONFIDENCE = 0.5;
const SINGLE_BYTE_ENCODINGS = ['windows-1252', 'ISO-8859-2', 'windows-1250'];

export class TextEncodingError extends Error {
  override readonly name = 'TextEncodingError';
  constructor(
    readonly kind: 'binary' | 'unknown' | 'bad-utf-8',
    message: string,
  ) {
    super(message);
  }
}

export const TEXT_ENCODING_MESSAGES = {
  binary: 'The file is not text (it holds NUL bytes): upload the CSV file itself.',
  unknown: 'The file is not text in an encoding we recognise: upload the CSV file itself (UTF-8 or Windows-1252).',
  badUtf8: 'The file starts as UTF-8 text but holds bytes that are not UTF-8 further on: save it again as UTF-8.',
} as const;

/** Valid UTF-8, allowing a sequence cut at the end of a sample that is not the whole file. */
function isUtf8(bytes: Uint8Array, complete: boolean): boolean {
  let end = bytes.length;
  if (!complete) {
    // Step back over a multi-byte sequence the sample cut.
    let k = end - 1;
    while (k >= 0 && k > end - 4 && (bytes[k]! & 0xc0) === 0x80) k--;
    if (k >= 0 && bytes[k]! >= 0xc0) end = k;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The encoding (a WHATWG label TextDecoder takes) of a file whose first bytes are `sample`; `complete`: the sample is the whole file. */
export function detectTextEncoding(sample: Uint8Array, complete: boolean): string {
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample.includes(0)) throw new TextEncodingError('binary', TEXT_ENCODING_MESSAGES.binary);
  if (isUtf8(sample, complete)) return 'utf-8';
  // jschardet reads a "binary string" (one character per byte) in the browser and a Buffer in Node alike.
  let binary = '';
  for (let i = 0; i < sample.length; i += 8192) binary += String.fromCharCode(...sample.subarray(i, i + 8192));
  const verdict = jschardet.detect(binary, { detectEncodings: SINGLE_BYTE_ENCODINGS });
  const encoding = verdict.encoding ? verdict.encoding.toLowerCase() : '';
  if (!encoding || verdict.confidence < MIN_CONFIDENCE)
    throw new TextEncodingError('unknown', TEXT_ENCODING_MESSAGES.unknown);
  return encoding;
}

/** A whole file's bytes as text, by `detectTextEncoding`; TextEncodingError when it is not text. */
export function decodeTextBytes(bytes: Uint8Array): string {
  const encoding = detectTextEncoding(bytes.subarray(0, TEXT_SNIFF_BYTES), bytes.length <= TEXT_SNIFF_BYTES);
  try {
    return new TextDecoder(encoding, { fatal: encoding === 'utf-8' }).decode(bytes);
  } catch {
    throw new TextEncodingError('bad-utf-8', TEXT_ENCODING_MESSAGES.badUtf8);
  }
}
