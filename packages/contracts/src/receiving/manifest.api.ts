import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdSchema } from '../http/common.js';

/** The most units one manifest receive carries (10,000 serials in one submit). */
export const MANIFEST_MAX_UNITS = 10_000;
/** The most serials one manifest receive carries, all units together (a 2-serial product: 10,000 units). */
export const MANIFEST_MAX_SERIALS = 20_000;

/**
 * A vendor's serial manifest for one PO line, received in one submit (not in the spec: docs/decisions.md).
 * `units` holds one entry per unit received, each the unit's serials (a 1-serial product: `[['SN1'], ['SN2']]`;
 * a 2-serial product: `[['A1', 'B1'], ['A2', 'B2']]`). Every unit is its own receipt, as if scanned.
 */
export const ZManifestReceiveSchema = z
  .object({
    model: z.string().trim().min(1).max(100),
    poApiPoId: ZIdSchema,
    poApiPoItemId: ZIdSchema,
    receivingBucket: z.string().trim().min(1).max(60),
    scannedBy: z.string().trim().max(100).optional(),
    /** Made by the client per manifest submit: a retried request with the same id is applied once and answers the same. */
    clientRequestId: z.string().trim().min(8).max(64),
    units: z
      .array(z.array(z.string().trim().max(200)).min(1).max(10))
      .min(1)
      .max(MANIFEST_MAX_UNITS),
  })
  .superRefine((body, ctx) => {
    const serials = body.units.reduce((n, unit) => n + unit.length, 0);
    if (serials > MANIFEST_MAX_SERIALS)
      ctx.addIssue({
        code: 'custom',
        path: ['units'],
        message: `at most ${MANIFEST_MAX_SERIALS} serials in one manifest (${serials} sent)`,
      });
  })
  .meta({ id: 'ManifestReceive' });
export type TManifestReceive = z.input<typeof ZManifestReceiveSchema>;

export const ZManifestReceiveResultSchema = z
  .object({
    message: z.literal('Success'),
    /** Units received by this manifest (on a retry, by its first attempt). */
    received: z.number().int(),
    /** One receipt per unit, in the manifest's order. */
    transactionReferenceIds: z.array(z.string()),
    qty_received: z.number().int(),
    qty_ordered: z.number().int(),
  })
  .meta({ id: 'ManifestReceiveResult' });
export type TManifestReceiveResult = z.infer<typeof ZManifestReceiveResultSchema>;

export const manifestReceiveRoute = defineRoute({
  method: 'POST',
  path: '/api/scanner/receipt/manifest/receive',
  access: 'purchase-order:receive',
  summary:
    "Receive a vendor's serial manifest for a PO line in one submit: a receipt per unit, all in one database transaction or none; refusals name each serial under `units.<unit>.<serial>`",
  tag: 'receiving',
  body: ZManifestReceiveSchema,
  response: ZManifestReceiveResultSchema,
});

/** A refused serial's message: the serial, then the reason (a §5 message where there is one, verbatim). */
export const manifestSerialRefusal = (serial: string, reason: string) => `${serial || '(blank)'}: ${reason}`;
