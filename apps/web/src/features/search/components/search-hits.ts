import type { TSearchAnswer, TSearchHit } from '@keystone/contracts';

/** The hits of an answer in the order shown (group by group), so the arrow keys walk them as they read. */
export function flatHits(answer: TSearchAnswer | undefined): TSearchHit[] {
  return answer ? answer.groups.flatMap((g) => g.hits) : [];
}

/** The next highlighted index after an arrow key, wrapping at either end; -1 when there is nothing. */
export function moveHighlight(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  return (current + step + count) % count;
}
