import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { US_STATES } from '../contacts/contacts.api.js';
import { PLATFORMS, PLATFORM_CODES } from '../reference/platforms.js';

/**
 * The platform-state tax map (002 §2 "Tax map", §3, §4 "Tax cell", §7): for each platform and US state, whether
 * the retailer collects and remits sales tax. States are the 50 of `US_STATES`, platforms the fixed `PLATFORMS`.
 * A cell never saved reads 0. Permissions: the map and its change need dev-route:view (the page /tax-map names no
 * permission, 002 §2); the state and platform lists are reference data for any signed-in user (docs/decisions.md).
 */

type TStateCode = (typeof US_STATES)[number]['code'];
const STATE_CODES = US_STATES.map((s) => s.code) as [TStateCode, ...TStateCode[]];

export const TAX_MAP_MESSAGES = {
  unknownState: 'unknown state code',
  unknownPlatform: 'unknown platform code',
  notANumber: 'must be 0 or a non-zero whole number',
  title: 'Collect and Remit Tax',
  saveFailed: 'The tax setting could not be saved.',
} as const;

export const ZStateCodeSchema = z.enum(STATE_CODES, { error: TAX_MAP_MESSAGES.unknownState });
export const ZPlatformCodeSchema = z.enum(PLATFORM_CODES, { error: TAX_MAP_MESSAGES.unknownPlatform });

export const ZStateSchema = z.object({ state_code: z.string(), state_name: z.string() }).meta({ id: 'State' });
export type TState = z.infer<typeof ZStateSchema>;

export const ZPlatformSchema = z
  .object({ platform_code: z.string(), platform_name: z.string() })
  .meta({ id: 'Platform' });
export type TPlatform = z.infer<typeof ZPlatformSchema>;

export const ZPlatformStateTaxSchema = z
  .object({
    state_code: z.string(),
    platform_code: z.string(),
    /** 0 or 1 (a non-zero value is saved as 1). */
    collectAndRemitTax: z.number().int(),
    /** When the cell was last saved (ISO 8601, UTC); null for a cell never saved. */
    updated_at: z.string().nullable(),
    /** The username of who saved it last; null for a cell never saved (or saved by the demo loader). */
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'PlatformStateTax' });
export type TPlatformStateTax = z.infer<typeof ZPlatformStateTaxSchema>;

/** `0`, or any whole number (non-zero means collect and remit), in the path. */
export const ZCollectAndRemitTaxSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d{1,10}$/, TAX_MAP_MESSAGES.notANumber)
      .transform(Number),
  ])
  .pipe(z.number().int(TAX_MAP_MESSAGES.notANumber).min(-2_147_483_648).max(2_147_483_647));

export const taxMapAllRoute = defineRoute({
  method: 'GET',
  path: '/api/platformStateTaxMap/all',
  access: 'dev-route:view',
  summary: 'Every state × platform cell of the tax map (unsaved cells read 0), states then platforms in list order',
  tag: 'tax-map',
  response: z.object({ data: z.array(ZPlatformStateTaxSchema) }),
});

export const statesAllRoute = defineRoute({
  method: 'GET',
  path: '/api/states/all',
  access: 'authenticated',
  summary: 'The 50 US states (code and name)',
  tag: 'tax-map',
  response: z.object({ data: z.array(ZStateSchema) }),
});

export const platformsAllRoute = defineRoute({
  method: 'GET',
  path: '/api/platforms/all',
  access: 'authenticated',
  summary: 'The selling platforms (code and name)',
  tag: 'tax-map',
  response: z.object({ data: z.array(ZPlatformSchema) }),
});

export const ZTaxCellParamsSchema = z.object({
  platform_code: ZPlatformCodeSchema,
  state_code: ZStateCodeSchema,
  collectAndRemitTax: ZCollectAndRemitTaxSchema,
});

export const setTaxCellRoute = defineRoute({
  method: 'PUT',
  path: '/api/platformStateTaxMap/{platform_code}/{state_code}/{collectAndRemitTax}',
  access: 'dev-route:view',
  summary:
    'Set one cell of the tax map (0 = do not collect; non-zero = collect and remit, saved as 1); answers the cell',
  tag: 'tax-map',
  params: ZTaxCellParamsSchema,
  response: ZPlatformStateTaxSchema,
});

/** The lists the server answers, in display order. */
export const TAX_MAP_STATES: TState[] = US_STATES.map((s) => ({ state_code: s.code, state_name: s.name }));
export const TAX_MAP_PLATFORMS: TPlatform[] = PLATFORMS.map((p) => ({
  platform_code: p.platform_code,
  platform_name: p.platform_name,
}));
