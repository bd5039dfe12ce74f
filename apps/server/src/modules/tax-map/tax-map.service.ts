import {
  TAX_MAP_PLATFORMS,
  TAX_MAP_STATES,
  type TPlatform,
  type TPlatformStateTax,
  type TState,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import { TaxMapRepository, type TaxCellRow } from './tax-map.repository.js';

function toDto(row: TaxCellRow): TPlatformStateTax {
  return {
    state_code: row.stateCode,
    platform_code: row.platformCode,
    collectAndRemitTax: row.collectAndRemitTax,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

const isState = (code: string) => TAX_MAP_STATES.some((s) => s.state_code === code);
const isPlatform = (code: string) => TAX_MAP_PLATFORMS.some((p) => p.platform_code === code);

/** The platform-state tax map (002 §2, §3, §4 "Tax cell", §7). */
export class TaxMapService {
  constructor(private readonly db: Database) {}

  states(): TState[] {
    return TAX_MAP_STATES;
  }

  platforms(): TPlatform[] {
    return TAX_MAP_PLATFORMS;
  }

  /** Every state × platform cell, states then platforms in list order; a cell never saved reads 0. */
  async all(): Promise<TPlatformStateTax[]> {
    const saved = new Map(
      (await new TaxMapRepository(this.db).list()).map((r) => [`${r.platformCode}/${r.stateCode}`, r]),
    );
    return TAX_MAP_STATES.flatMap((s) =>
      TAX_MAP_PLATFORMS.map((p) => {
        const row = saved.get(`${p.platform_code}/${s.state_code}`);
        return row
          ? toDto(row)
          : {
              state_code: s.state_code,
              platform_code: p.platform_code,
              collectAndRemitTax: 0,
              updated_at: null,
              updated_by: null,
            };
      }),
    );
  }

  /** Saves one cell: 0 stays 0, any other number is saved as 1 (002 §9 "0 or non-zero"). */
  async set(
    platformCode: string,
    stateCode: string,
    collectAndRemitTax: number,
    actor: { id: number } | null,
  ): Promise<TPlatformStateTax> {
    // The route's schema refuses unknown codes first; this guards the service's other callers (the demo loader).
    const errors: Record<string, string[]> = {};
    if (!isPlatform(platformCode)) errors.platform_code = ['unknown platform code'];
    if (!isState(stateCode)) errors.state_code = ['unknown state code'];
    if (Object.keys(errors).length) throw unprocessable('The given data was invalid.', errors);
    const row = await new TaxMapRepository(this.db).upsert({
      platformCode,
      stateCode,
      collectAndRemitTax: collectAndRemitTax === 0 ? 0 : 1,
      updatedById: actor?.id ?? null,
    });
    return toDto(row);
  }
}
