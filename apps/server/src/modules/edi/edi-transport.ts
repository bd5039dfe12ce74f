import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.js';

/** Where a finished EDI file goes: a folder a translator or VAN client picks up from, or anything else. */
export interface EdiTransport {
  /** Delivers one interchange under `fileName`; resolves with where it went. */
  deliver(fileName: string, content: string): Promise<{ location: string }>;
}

const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The file name of an 850: `850_{purchaseRefId}_{interchangeControlNumber}.x12`, with the reference reduced
 * to letters, digits and `-` (anything else becomes `_`) and the control number zero-padded to 9 digits as
 * in ISA13. E.g. `850_PO-10042_000000017.x12`.
 */
export function ediFileName(purchaseRefId: string, interchangeControlNumber: number): string {
  if (!Number.isSafeInteger(interchangeControlNumber) || interchangeControlNumber < 1) {
    throw new RangeError(
      `The interchange control number must be a positive whole number, got ${interchangeControlNumber}`,
    );
  }
  const ref =
    purchaseRefId
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^[_-]+|[_-]+$/g, '')
      .slice(0, 60) || 'PO';
  return `850_${ref}_${String(interchangeControlNumber).padStart(9, '0')}.x12`;
}

/**
 * Writes each interchange as a file in one folder (the embedded outbox, or a mounted drop folder shared with
 * an EDI translator). The file is written under a hidden temporary name, flushed to disk, then renamed, so
 * whoever watches the folder never sees a half-written file. An existing file is never overwritten: two
 * interchanges with one control number (say, after the database was reset but the folder was kept) are an
 * error, not a silent replacement. The same interchange delivered again (an outbox row retried after its
 * process died between the rename and the commit) finds its file already there and leaves it: one file.
 */
export class OutboxEdiTransport implements EdiTransport {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  async deliver(fileName: string, content: string): Promise<{ location: string }> {
    if (!SAFE_FILE_NAME.test(fileName) || fileName.includes('..')) {
      throw new Error(`Unsafe EDI file name: ${JSON.stringify(fileName)}`);
    }
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, fileName);
    if (await exists(target)) {
      if ((await readFile(target, 'utf8')) === content) return { location: target };
      throw new Error(`The EDI file ${fileName} already exists in ${this.dir}`);
    }

    const temp = path.join(this.dir, `.${fileName}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(content, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { location: target };
  }
}

/** The same folder transport, by the name used for a mounted drop folder. */
export { OutboxEdiTransport as DirectoryEdiTransport };

/** Keeps deliveries in memory; for tests and for a dry run. */
export class MemoryEdiTransport implements EdiTransport {
  readonly delivered: { fileName: string; content: string }[] = [];

  deliver(fileName: string, content: string): Promise<{ location: string }> {
    this.delivered.push({ fileName, content });
    return Promise.resolve({ location: `memory:${fileName}` });
  }
}

/** The transport the app uses: files in the configured EDI outbox folder. */
export function createEdiTransport(config: Pick<AppConfig, 'ediOutboxDir'>): EdiTransport {
  return new OutboxEdiTransport(config.ediOutboxDir);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
