import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEdiTransport,
  DirectoryEdiTransport,
  ediFileName,
  MemoryEdiTransport,
  OutboxEdiTransport,
} from './edi-transport.js';

// Lets a test look at the folder at the moment of the rename, or make the rename fail.
const hooks = vi.hoisted(() => ({ beforeRename: null as null | ((from: string, to: string) => Promise<void>) }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (hooks.beforeRename) await hooks.beforeRename(from, to);
      return actual.rename(from, to);
    },
  };
});

const CONTENT =
  'ISA*00*          *00*          *ZZ*KEYSTONEPOS    *12*6163292000     *261120*1405*U*00401*000000017*0*P*>~' +
  'IEA*1*000000017~';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'edi-transport-'));
  hooks.beforeRename = null;
});
afterEach(async () => {
  hooks.beforeRename = null;
  await rm(root, { recursive: true, force: true });
});

describe('OutboxEdiTransport', () => {
  it('creates the folder and writes the file, leaving nothing else behind', async () => {
    const dir = path.join(root, 'outbox', 'edi');
    const transport = new OutboxEdiTransport(dir);
    const result = await transport.deliver('850_PO-10042_000000017.x12', CONTENT);
    expect(result.location).toBe(path.join(dir, '850_PO-10042_000000017.x12'));
    expect(await readFile(result.location, 'utf8')).toBe(CONTENT);
    expect(await readdir(dir)).toEqual(['850_PO-10042_000000017.x12']);
  });

  it('writes the whole file under a hidden temporary name in the same folder, then renames it', async () => {
    const transport = new OutboxEdiTransport(root);
    const seen: { from: string; to: string; tempContent: string; before: string[] }[] = [];
    hooks.beforeRename = async (from, to) => {
      seen.push({ from, to, tempContent: await readFile(from, 'utf8'), before: await readdir(root) });
    };
    await transport.deliver('850_PO-1_000000001.x12', CONTENT);
    expect(seen).toHaveLength(1);
    const [step] = seen;
    expect(path.dirname(step!.from)).toBe(root);
    expect(path.basename(step!.from)).toMatch(/^\.850_PO-1_000000001\.x12\..+\.tmp$/);
    expect(step!.to).toBe(path.join(root, '850_PO-1_000000001.x12'));
    expect(step!.tempContent).toBe(CONTENT);
    expect(step!.before).toEqual([path.basename(step!.from)]); // the real name does not exist until the rename
    expect(await readdir(root)).toEqual(['850_PO-1_000000001.x12']);
  });

  it('removes the temporary file when the rename fails', async () => {
    const transport = new OutboxEdiTransport(root);
    hooks.beforeRename = () => Promise.reject(new Error('disk went away'));
    await expect(transport.deliver('850_PO-1_000000001.x12', CONTENT)).rejects.toThrow('disk went away');
    expect(await readdir(root)).toEqual([]);
  });

  it('never overwrites an existing file', async () => {
    await writeFile(path.join(root, '850_PO-1_000000001.x12'), 'earlier interchange');
    const transport = new OutboxEdiTransport(root);
    await expect(transport.deliver('850_PO-1_000000001.x12', CONTENT)).rejects.toThrow(/already exists/);
    expect(await readFile(path.join(root, '850_PO-1_000000001.x12'), 'utf8')).toBe('earlier interchange');
    expect(await readdir(root)).toEqual(['850_PO-1_000000001.x12']);
  });

  it('keeps the file already there when the same interchange is delivered again (a retried outbox row)', async () => {
    const transport = new OutboxEdiTransport(root);
    const first = await transport.deliver('850_PO-1_000000001.x12', CONTENT);
    expect(await transport.deliver('850_PO-1_000000001.x12', CONTENT)).toEqual(first);
    expect(await readdir(root)).toEqual(['850_PO-1_000000001.x12']);
    expect(await readFile(path.join(root, '850_PO-1_000000001.x12'), 'utf8')).toBe(CONTENT);
  });

  it.each(['../850_PO-1.x12', 'sub/850.x12', '.hidden.x12', '', '850 PO.x12', 'a..b.x12'])(
    'refuses the file name %j',
    async (name) => {
      const transport = new OutboxEdiTransport(path.join(root, 'out'));
      await expect(transport.deliver(name, CONTENT)).rejects.toThrow(/Unsafe EDI file name/);
      expect(await readdir(root)).toEqual([]);
    },
  );

  it('is also available as DirectoryEdiTransport, and createEdiTransport uses the configured outbox', async () => {
    expect(new DirectoryEdiTransport(root)).toBeInstanceOf(OutboxEdiTransport);
    const dir = path.join(root, 'configured');
    const transport = createEdiTransport({ ediOutboxDir: dir });
    const { location } = await transport.deliver('850_X_000000002.x12', CONTENT);
    expect(location).toBe(path.join(dir, '850_X_000000002.x12'));
    expect(await readFile(location, 'utf8')).toBe(CONTENT);
  });
});

describe('MemoryEdiTransport', () => {
  it('keeps what it was given', async () => {
    const transport = new MemoryEdiTransport();
    expect(await transport.deliver('a.x12', 'one')).toEqual({ location: 'memory:a.x12' });
    expect(transport.delivered).toEqual([{ fileName: 'a.x12', content: 'one' }]);
  });
});

describe('ediFileName', () => {
  it('names the file after the order and the zero-padded interchange control number', () => {
    expect(ediFileName('PO-10042', 17)).toBe('850_PO-10042_000000017.x12');
    expect(ediFileName('PO-10042', 123_456_789)).toBe('850_PO-10042_123456789.x12');
  });

  it('reduces the reference to safe characters', () => {
    expect(ediFileName('PO 10042/7*', 1)).toBe('850_PO_10042_7_000000001.x12');
    expect(ediFileName('../../etc/passwd', 1)).toBe('850_etc_passwd_000000001.x12');
    expect(ediFileName('~~~', 1)).toBe('850_PO_000000001.x12');
  });

  it('refuses a control number that is not a positive whole number', () => {
    expect(() => ediFileName('PO-1', 0)).toThrow(RangeError);
    expect(() => ediFileName('PO-1', 2.5)).toThrow(RangeError);
  });
});
