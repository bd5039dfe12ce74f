import { randomInt } from 'node:crypto';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * A Firebase-style push id: 8 characters of the time in milliseconds then 12 random ones, from an alphabet in
 * ASCII order, so ids sort in the order they were made (within a millisecond, in any order). 20 characters.
 */
export function pushId(now = Date.now()): string {
  let time = now;
  let head = '';
  for (let i = 0; i < 8; i++) {
    head = PUSH_CHARS.charAt(time % 64) + head;
    time = Math.floor(time / 64);
  }
  let tail = '';
  for (let i = 0; i < 12; i++) tail += PUSH_CHARS.charAt(randomInt(64));
  return head + tail;
}
