import { create } from 'zustand';
import { stripWedgeAffixes, type TWedgeAffixes } from '@keystone/contracts';

/**
 * The wedge prefixes and suffixes of the scanners at the selected site (its scan settings; every saved site's
 * under All Locations), loaded after the shell starts (`wedge-settings.ts`).
 */
export const useWedgeAffixes = create<{ affixes: TWedgeAffixes[] }>(() => ({ affixes: [] }));

/** A wedge scan without the site's prefix and suffix (the first pair that changes it). */
export function stripWedge(value: string): string {
  for (const affixes of useWedgeAffixes.getState().affixes) {
    const code = stripWedgeAffixes(value, affixes);
    if (code !== value) return code;
  }
  return value;
}
