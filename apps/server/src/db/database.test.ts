import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from './database.js';
import { roles } from './schema.js';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('is created on first open, migrated, and keeps its data across a clean close', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = await openPglite(dir);
    await first.db.insert(roles).values({ roleName: 'kept' });
    await first.close();
    expect(fs.existsSync(path.join(dir, 'keystone.lock'))).toBe(false);
    const second = await openPglite(dir);
    const rows = await second.db.select().from(roles);
    expect(rows.map((r) => r.roleName)).toEqual(['kept']);
    await second.close();
  });

  it('refuses a second opener while the first holds the lock, then lets it in after close', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir();
    // PID far above Linux's pid_max: no such process can exist.
    fs.writeFileSync(path.join(dir, 'keystone.lock'), '99999999');
    const db = await openPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'keystone.lock'), 'utf8')).toBe(String(process.pid));
    await db.close();
  });
});
