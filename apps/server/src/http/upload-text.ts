import { Readable, Transform } from 'node:stream';
import iconv from 'iconv-lite';
import {
  TEXT_ENCODING_MESSAGES,
  TEXT_SNIFF_BYTES,
  TextEncodingError,
  decodeTextBytes,
  detectTextEncoding,
} from '@keystone/contracts/csv-rules';

/**
 * The bytes of an uploaded text file (a carrier invoice, a holdings file) as UTF-8 text (docs/decisions.md "Upload
 * text encodings"): UTF-8 when the start of the file is valid UTF-8, else the encoding jschardet detects there (Excel's
 * "CSV (Comma delimited)" on Windows writes Windows-1252), decoded with iconv-lite. A file with NUL bytes, or whose
 * encoding the detector cannot name with confidence, is binary: UploadTextError.
 */
export class UploadTextError extends Error {
  override readonly name = 'UploadTextError';
}

/** How much of the file the encoding is judged on. */
const SNIFF_BYTES = TEXT_SNIFF_BYTES;

export const UPLOAD_TEXT_MESSAGES = TEXT_ENCODING_MESSAGES;

/** The encoding of a file's first bytes (contracts' detectTextEncoding, shared with the browser), or UploadTextError. */
export function detectUploadEncoding(sample: Buffer, complete: boolean): string {
  try {
    const encoding = detectTextEncoding(sample, complete);
    return encoding === 'utf-8' ? 'utf8' : encoding;
  } catch (error) {
    if (error instanceof TextEncodingError) throw new UploadTextError(error.message);
    throw error;
  }
}

/** A whole uploaded file already in memory (a holdings file) as text: contracts' decodeTextBytes, the browser's rule too. */
export function uploadTextOf(bytes: Buffer): string {
  try {
    return decodeTextBytes(bytes);
  } catch (error) {
    if (error instanceof TextEncodingError) throw new UploadTextError(error.message);
    throw error;
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
