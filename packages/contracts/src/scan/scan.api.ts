import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';

/**
 * A site's scanner settings: the prefix and suffix its keyboard-wedge scanners (Zebra DataWedge, Honeywell) add
 * around every code they send. The scan fields strip them before a scan is read (`stripWedgeAffixes`, scan-recognition.ts), so a site
 * whose guns send `]C1` before a code, or `#` after it, scans as one whose guns send the code alone. A site never
 * saved has neither. Read by any signed-in user (every scan field needs them); changed with bucket:create, the
 * permission of a site's setup.
 */
export const SCAN_SETTINGS_MESSAGES = {
  tooLong: 'at most 16 characters',
  noEnter: 'cannot hold Enter or Tab: the scanner ends a code with them',
  unknownLocation: (code: string) => `Location ${code} does not exist`,
} as const;

const ZWedgeAffixSchema = z
  .string()
  .max(16, SCAN_SETTINGS_MESSAGES.tooLong)
  .refine((s) => !/[\r\n\t]/.test(s), SCAN_SETTINGS_MESSAGES.noEnter);

export const ZScanSettingsSchema = z
  .object({
    location_code: z.string(),
    wedge_prefix: z.string(),
    wedge_suffix: z.string(),
    /** When the settings were last saved (ISO 8601, UTC); null for a site never saved. */
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'ScanSettings' });
export type TScanSettings = z.infer<typeof ZScanSettingsSchema>;

export const ZScanSettingsInputSchema = z.object({ wedge_prefix: ZWedgeAffixSchema, wedge_suffix: ZWedgeAffixSchema });
export type TScanSettingsInput = z.input<typeof ZScanSettingsInputSchema>;

export const listScanSettingsRoute = defineRoute({
  method: 'GET',
  path: '/api/scan-settings',
  access: 'authenticated',
  summary: "Every site's scanner settings (wedge prefix and suffix); a site never saved has neither",
  tag: 'scan',
  response: z.object({ data: z.array(ZScanSettingsSchema) }),
});

export const updateScanSettingsRoute = defineRoute({
  method: 'PUT',
  path: '/api/scan-settings/{locationCode}',
  access: 'bucket:create',
  summary: "Set a site's scanner wedge prefix and suffix; answers the settings",
  tag: 'scan',
  params: z.object({ locationCode: z.string().trim().min(1).max(40) }),
  body: ZScanSettingsInputSchema,
  response: ZScanSettingsSchema,
});
