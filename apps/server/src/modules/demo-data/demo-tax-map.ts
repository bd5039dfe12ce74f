import { TAX_MAP_PLATFORMS, TAX_MAP_STATES } from '@keystone/contracts';
import type { Services } from '../services.js';

/** States without a statewide sales tax (the demo's assumption; docs/decisions.md "Tax map and role editor"). */
export const DEMO_NO_SALES_TAX_STATES = ['AK', 'DE', 'MT', 'NH', 'OR'] as const;
/** Marketplace facilitators collect and remit for the seller in every state with a sales tax. */
export const DEMO_MARKETPLACE_PLATFORMS = ['amazon', 'amazon_home', 'walmart'] as const;
/** Our own site collects where the demo locations are (nexus): AZ02, KY01, TX01 and RUBY (TX). */
export const DEMO_WALTS_TAX_STATES = ['AZ', 'KY', 'TX'] as const;

/** Whether the demo map collects and remits for a platform in a state. */
export function demoCollectsTax(platformCode: string, stateCode: string): boolean {
  if ((DEMO_NO_SALES_TAX_STATES as readonly string[]).includes(stateCode)) return false;
  if ((DEMO_MARKETPLACE_PLATFORMS as readonly string[]).includes(platformCode)) return true;
  return platformCode === 'walts' && (DEMO_WALTS_TAX_STATES as readonly string[]).includes(stateCode);
}

/**
 * A full tax map (docs/decisions.md, "Tax map and role editor"): every state × platform cell saved through the service the screen uses, by the
 * system (no user). Answers the number of cells and of those that collect.
 */
export async function loadDemoTaxMap(services: Services): Promise<{ cells: number; collecting: number }> {
  let cells = 0;
  let collecting = 0;
  for (const state of TAX_MAP_STATES) {
    for (const platform of TAX_MAP_PLATFORMS) {
      const on = demoCollectsTax(platform.platform_code, state.state_code);
      await services.taxMap.set(platform.platform_code, state.state_code, on ? 1 : 0, null);
      cells += 1;
      if (on) collecting += 1;
    }
  }
  return { cells, collecting };
}
