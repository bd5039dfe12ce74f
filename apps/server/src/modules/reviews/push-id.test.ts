import { describe, expect, it } from 'vitest';
import { pushId } from './push-id.js';

describe('pushId', () => {
  it('makes 20-character Firebase-style keys that sort (code-unit order) in the order of their times', () => {
    const times = [0, 1, 63, 64, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const ids = times.map((time) => pushId(time));
    for (const id of ids) expect(id).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(pushId(5).slice(0, 8)).toBe(pushId(5).slice(0, 8));
    expect(pushId(5)).not.toBe(pushId(5));
  });
});
