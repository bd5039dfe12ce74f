import { Readable, Transform } from 'node:stream';
import iconv from 'iconv-lite';
import jschardet from 'jschardet';

/**
 * The bytes of an uploaded text file (a carrier invoice, a holdings file) as UTF-8 text (issue 31 item 5; docs/decisions.md "Upload
 * text encodings"): UTF-8 when the start of the file is valid UTF-8, else the encoding jschardet detects there (Excel's
 * "CSV (Comma delimited)" on Windows writes Windows-1252), decoded with iconv-lite. A file with NUL bytes, or whose
 * encoding the detector cannot name with confidence, is binary: UploadTextError.
 */
export class UploadTextError extends Error {
  override readonly name = 'UploadTextError';
}

/** How much of the file the encoding is judged on. */
const SNIFF_BYTES = 64 * 1024;
const MIN_CONFIDENCE = 0.5;
const SINGLE_BYTE_ENCODINGS = ['windows-1252', 'ISO-8859-2', 'windows-1250'] as const;

export const UPLOAD_TEXT_MESSAGES = {
  binary: 'The file is not text (it holds NUL bytes): upload the CSV file itself.',
  unknown: 'The file is not text in an encoding we recognise: upload the CSV file itself (UTF-8 or Windows-1252).',
  badUtf8: 'The file starts as UTF-8 text but holds bytes that are not UTF-8 further on: save it again as UTF-8.',
} as const;

/** The encoding of a file's first bytes, or UploadTextError when they are binary. */
export function detectUploadEncoding(sample: Buffer, complete: boolean): string {
  // UTF-16 with its BOM (Excel's "Unicode Text") holds NUL bytes but is text.
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample.includes(0)) throw new UploadTextError(UPLOAD_TEXT_MESSAGES.binary);
  if (isUtf8(sample, complete)) return 'utf8';
  // Among the single-byte encodings spreadsheets write for Latin text (a few accented letters would otherwise read as
  // Cyrillic windows-1251 to the detector).
  const verdict = jschardet.detect(sample, { detectEncodings: [...SINGLE_BYTE_ENCODINGS] });
  const encoding = verdict.encoding ? verdict.encoding.toLowerCase() : '';
  if (!encoding || verdict.confidence < MIN_CONFIDENCE || !iconv.encodingExists(encoding)) throw new UploadTextError(UPLOAD_TEXT_MESSAGES.unknown);
  return encoding;
}

/** Valid UTF-8, allowing a sequence cut at the end of a sample that is not the whole file. */
function isUtf8(bytes: Buffer, complete: boolean): boolean {
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

/** A whole uploaded file already in memory (a holdings file) as text, by the same rules as `uploadText`. */
export function uploadTextOf(bytes: Buffer): string {
  const encoding = detectUploadEncoding(bytes.subarray(0, SNIFF_BYTES), bytes.length <= SNIFF_BYTES);
  if (encoding !== 'utf8') return iconv.decode(bytes, encoding);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UploadTextError(UPLOAD_TEXT_MESSAGES.badUtf8);
  }
}

/**
 * The upload's bytes as a stream of UTF-8 text bytes: the first 64 KB judge the encoding, the rest streams through
 * the decoder. Errors (binary, unknown encoding, bad UTF-8 later on) are UploadTextError on the answered stream.
 */
export function uploadText(input: Readable): Readable {
  let head: Buffer[] = [];
  let headBytes = 0;
  let decode: ((chunk: Buffer) => string) | null = null;
  let finish: () => string = () => '';
  const choose = (complete: boolean, out: Transform) => {
    const sample = Buffer.concat(head);
    head = [];
    const encoding = detectUploadEncoding(sample.subarray(0, SNIFF_BYTES), complete);
    if (encoding === 'utf8') {
      const decoder = new TextDecoder('utf-8', { fatal: true });
      decode = (chunk) => {
        try {
          return decoder.decode(chunk, { stream: true });
        } catch {
          throw new UploadTextError(UPLOAD_TEXT_MESSAGES.badUtf8);
        }
      };
      finish = () => {
        try {
          return decoder.decode();
        } catch {
          throw new UploadTextError(UPLOAD_TEXT_MESSAGES.badUtf8);
        }
      };
    } else {
      const decoder = iconv.getDecoder(encoding);
      decode = (chunk) => decoder.write(chunk);
      finish = () => decoder.end() ?? '';
    }
    const text = decode(sample);
    if (text) out.push(Buffer.from(text, 'utf8'));
  };
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (decode) {
          const text = decode(chunk);
          done(null, text ? Buffer.from(text, 'utf8') : undefined);
          return;
        }
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) choose(false, this);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (!decode) choose(true, this);
        const text = finish();
        done(null, text ? Buffer.from(text, 'utf8') : undefined);
      } catch (error) {
        done(error as Error);
      }
    },
  });
  input.on('error', (error) => out.destroy(error));
  return input.pipe(out);
}
