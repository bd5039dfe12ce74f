import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache.js';

describe('TokenCache', () => {
  let clock = 1_000_000;
  const now = () => clock;
  const far = new Date(clock + 3_600_000);

  it('answers within its time to live, then forgets', () => {
    const cache = new TokenCache<string>(5_000, 10, now);
    cache.set('a', 'alice', far);
    expect(cache.get('a')).toBe('alice');
    clock += 4_999;
    expect(cache.get('a')).toBe('alice');
    clock += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the token', () => {
    const cache = new TokenCache<string>(5_000, 10, now);
    cache.set('a', 'alice', new Date(clock + 1_000));
    clock += 1_000;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'bob', new Date(clock - 1));
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the oldest entry when full, and clears and deletes', () => {
    const cache = new TokenCache<string>(5_000, 2, now);
    cache.set('a', '1', far);
    cache.set('b', '2', far);
    cache.set('c', '3', far);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, '2', '3']);
    cache.delete('b');
    expect(cache.get('b')).toBeUndefined();
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('remembers nothing when its time to live is 0 or once disabled', () => {
    const off = new TokenCache<string>(0, 10, now);
    off.set('a', 'alice', far);
    expect(off.get('a')).toBeUndefined();
    expect(off.active).toBe(false);
    const cache = new TokenCache<string>(5_000, 10, now);
    cache.set('a', 'alice', far);
    cache.disable();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'alice', far);
    expect(cache.get('a')).toBeUndefined();
  });
});
