import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { AP_INVOICE_PERMISSIONS, type TPermission } from '../permissions.js';

/** The records whose changes are kept (docs/decisions.md, "Who changed what"). A PO's lines are kept on their PO. */
export const HISTORY_ENTITIES = [
  'purchase-order',
  'product',
  'vendor',
  'contact',
  'bin',
  'shipping-rule',
  'role',
] as const;
export type THistoryEntity = (typeof HISTORY_ENTITIES)[number];

/**
 * Who may read a record's history and add a note to it: the permissions of the record's own read route (any one
 * is enough), as data the server checks and the web reads to show the panel.
 */
export const HISTORY_READ_ACCESS = {
  'purchase-order': ['purchase-order:view'],
  product: ['inventory:view'],
  vendor: ['purchase-order:view', ...AP_INVOICE_PERMISSIONS],
  contact: ['sales-desk:manage'],
  bin: ['inventory:view'],
  'shipping-rule': ['bucket-buffer:view'],
  role: ['role-editor:view'],
} as const satisfies Record<THistoryEntity, readonly TPermission[]>;

/** Any permission that reads some record's history: the routes' own check; the service then checks the entity's. */
export const HISTORY_ANY_ACCESS = [...new Set(Object.values(HISTORY_READ_ACCESS).flat())] as TPermission[];

/** The first entity whose history a role may read, or null. */
export function readableHistoryEntity(hasPermission: (p: TPermission) => boolean): THistoryEntity | null {
  return HISTORY_ENTITIES.find((e) => HISTORY_READ_ACCESS[e].some(hasPermission)) ?? null;
}

export const HISTORY_NOTE_MAX = 4000;
export const HISTORY_PAGE_MAX = 200;

export const ZHistoryParamsSchema = z.object({
  entity: z.enum(HISTORY_ENTITIES),
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be a record id (letters, digits, . _ : -, at most 100)'),
});

export const ZHistoryQuerySchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int('must be a whole number').min(1).max(HISTORY_PAGE_MAX).default(50),
});

/** One change: a field's before and after (JSON values), or a note (field null). `at` is UTC ISO 8601. */
export const ZRecordChangeSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    field: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    note: z.string().nullable(),
  })
  .meta({ id: 'RecordChange' });
export type TRecordChange = z.infer<typeof ZRecordChangeSchema>;

export const ZHistoryPageSchema = z.object({
  data: z.array(ZRecordChangeSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type THistoryPage = z.infer<typeof ZHistoryPageSchema>;

export const ZHistoryNoteSchema = z.object({
  note: z.string().trim().min(1, 'a note cannot be empty').max(HISTORY_NOTE_MAX),
});

/** The route admits any history reader; the service checks HISTORY_READ_ACCESS of the path's entity (403). */
export const getHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/history/{entity}/{id}',
  access: HISTORY_ANY_ACCESS,
  summary: "A record's changes and notes, newest first, paged (read permission of the record).",
  tag: 'history',
  params: ZHistoryParamsSchema,
  query: ZHistoryQuerySchema,
  response: ZHistoryPageSchema,
});

export const addHistoryNoteRoute = defineRoute({
  method: 'POST',
  path: '/api/history/{entity}/{id}',
  access: HISTORY_ANY_ACCESS,
  summary: 'Adds a note to a record (by anyone who may read it).',
  tag: 'history',
  params: ZHistoryParamsSchema,
  body: ZHistoryNoteSchema,
  response: ZRecordChangeSchema,
  status: 201,
});
