/** The service worker's cache of the floor screens' reads (apps/web/build/floor-reads.ts). */
export const FLOOR_READS_CACHE = 'keystone-floor-reads';

/** Forgets the kept reads (sign-out): the next person on this device reads nothing of the last one's work. */
export function clearOfflineReads(): void {
  if (typeof caches !== 'undefined') void caches.delete(FLOOR_READS_CACHE).catch(() => {});
}
