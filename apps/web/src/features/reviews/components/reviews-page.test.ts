import { describe, expect, it } from 'vitest';
import { MESSAGE_PREVIEW_LENGTH, preview } from './reviews-page';

describe('preview', () => {
  it('keeps a short message whole (spaces folded) and cuts a long one with an ellipsis', () => {
    expect(preview('  Works\n\ngreat  ')).toEqual({ text: 'Works great', cut: false });
    const exact = 'x'.repeat(MESSAGE_PREVIEW_LENGTH);
    expect(preview(exact)).toEqual({ text: exact, cut: false });
    const long = preview(`${'word '.repeat(60)}END`);
    expect(long.cut).toBe(true);
    expect(long.text.length).toBeLessThanOrEqual(MESSAGE_PREVIEW_LENGTH);
    expect(long.text.endsWith('\u2026')).toBe(true);
    expect(long.text).not.toContain('END');
  });
});
