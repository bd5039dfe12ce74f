import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdSchema } from '../http/common.js';

export const ZRoleSchema = z.object({ id: z.number().int(), role_name: z.string() }).meta({ id: 'Role' });
export type TRoleRecord = z.infer<typeof ZRoleSchema>;

export const ZUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    role: z.string(),
    role_id: z.number().int(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUserSchema>;

/** GET /user/role answers the role string of the caller (000 §7). */
export const userRoleRoute = defineRoute({
  method: 'GET',
  path: '/api/user/role',
  access: 'authenticated',
  summary: "The caller's role string",
  tag: 'users',
  response: z.string(),
});

export const currentUserRoute = defineRoute({
  method: 'GET',
  path: '/api/user',
  access: 'authenticated',
  summary: 'The signed-in user',
  tag: 'users',
  response: ZUserSchema,
});

export const listUsersRoute = defineRoute({
  method: 'GET',
  path: '/api/user/all',
  access: 'role-editor:view',
  summary: 'Every user with its role (role editor)',
  tag: 'users',
  response: z.object({ data: z.array(ZUserSchema) }),
});

export const listRolesRoute = defineRoute({
  method: 'GET',
  path: '/api/role',
  access: 'role-editor:view',
  summary: 'Every role',
  tag: 'users',
  response: z.object({ data: z.array(ZRoleSchema) }),
});

export const ZChangeRoleSchema = z.object({ newRoleID: ZIdSchema }).meta({ id: 'ChangeRole' });

export const changeUserRoleRoute = defineRoute({
  method: 'PUT',
  path: '/api/role/{userId}',
  access: 'role-editor:view',
  summary: 'Assign a role to a user (role editor, 002 §7)',
  tag: 'users',
  params: z.object({ userId: ZIdSchema }),
  body: ZChangeRoleSchema,
  response: ZUserSchema,
});
