import { describe, expect, it } from 'vitest';
import type { TSearchAnswer } from '@keystone/contracts';
import { flatHits, moveHighlight } from './search-hits';

const hit = (label: string) => ({ type: 'po' as const, label, secondary: '', path: `/x/${label}`, rank: 0 });

describe('search hits', () => {
  it('flattens the groups in the order shown', () => {
    const answer: TSearchAnswer = {
      q: 'a',
      groups: [
        { type: 'po', title: 'Purchase orders', hits: [hit('1'), hit('2')] },
        { type: 'bin', title: 'Bins', hits: [hit('3')] },
      ],
    };
    expect(flatHits(answer).map((h) => h.label)).toEqual(['1', '2', '3']);
    expect(flatHits(undefined)).toEqual([]);
  });

  it('moves the highlight with wrap-around', () => {
    expect(moveHighlight(-1, 3, 1)).toBe(0);
    expect(moveHighlight(2, 3, 1)).toBe(0);
    expect(moveHighlight(0, 3, -1)).toBe(2);
    expect(moveHighlight(0, 0, 1)).toBe(-1);
  });
});
