import { describe, expect, it } from 'vitest';
import { escapeLike } from './like.js';

describe('escapeLike', () => {
  it('makes LIKE wildcards and the escape character match themselves', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('PLAIN-123')).toBe('PLAIN-123');
  });
});
