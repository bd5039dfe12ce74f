import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { emptyAsAbsent, emptyAsDefault, ZIdSchema } from '../http/common.js';

/**
 * The role editor's record of changes (002 §2, §6 "The role editor assigns a role to a user"): every
 * PUT /api/role/{userId} writes one row in the same transaction as the change. The role strings are kept as text,
 * so the record reads the same after a role is renamed or removed.
 */

export const ROLE_EDITOR_MESSAGES = {
  /** 002 §2: the page's refusal text. */
  noAccess: 'You do not have access to this page.',
  /** The server's refusal of a change of one's own role (403). */
  ownRole: 'You cannot change your own role. Ask another user with the role editor.',
  changed: (username: string, role: string) => `${username} is now ${role}.`,
  changeFailed: 'The role could not be changed.',
  noChanges: 'No role changes have been made',
} as const;

export const ZRoleChangeSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    username: z.string(),
    from_role: z.string(),
    to_role: z.string(),
    changed_by_id: z.number().int().nullable(),
    /** Username of who made the change; null when made by the system (demo loader) or the user was removed. */
    changed_by: z.string().nullable(),
    /** ISO 8601 in UTC (`…Z`). */
    changed_at: z.string(),
  })
  .meta({ id: 'RoleChange' });
export type TRoleChange = z.infer<typeof ZRoleChangeSchema>;

export const ROLE_CHANGES_LIMIT = { default: 50, max: 500 } as const;

export const ZRoleChangesQuerySchema = z.object({
  /** One user's changes; absent for everyone's. */
  userId: emptyAsAbsent(ZIdSchema),
  limit: emptyAsDefault(
    z
      .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
      .pipe(z.number().int().min(1).max(ROLE_CHANGES_LIMIT.max)),
    ROLE_CHANGES_LIMIT.default,
  ),
});
export type TRoleChangesQuery = z.input<typeof ZRoleChangesQuerySchema>;

export const roleChangesRoute = defineRoute({
  method: 'GET',
  path: '/api/role/changes',
  access: 'role-editor:view',
  summary: 'Recent role changes, newest first (of one user with ?userId=, at most ?limit=, default 50, max 500)',
  tag: 'users',
  query: ZRoleChangesQuerySchema,
  response: z.object({ data: z.array(ZRoleChangeSchema) }),
});
