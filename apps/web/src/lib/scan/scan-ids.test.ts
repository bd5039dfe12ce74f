import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { newClientScanId } from './scan-ids';

describe('newClientScanId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes UUIDs the server accepts, different each time', () => {
    const ids = Array.from({ length: 50 }, newClientScanId);
    for (const id of ids) expect(z.uuid().safeParse(id).success, id).toBe(true);
    expect(new Set(ids).size).toBe(50);
  });

  it('makes v4 UUIDs without crypto.randomUUID (a page outside a secure context)', () => {
    const real = crypto;
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(a: T) => real.getRandomValues(a as never) as T);
    vi.stubGlobal('crypto', { getRandomValues });
    const id = newClientScanId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(getRandomValues).toHaveBeenCalledTimes(1);
  });
});
