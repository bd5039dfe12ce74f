import {
  changeUserRoleRoute,
  currentUserRoute,
  listRolesRoute,
  listUsersRoute,
  roleChangesRoute,
  userRoleRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerUsersRoutes({ route, services }: ModuleContext): void {
  route(userRoleRoute, async ({ auth }) => auth.user.role);
  route(currentUserRoute, async ({ auth }) => services.users.current(auth.user.id));
  route(listUsersRoute, async () => ({ data: await services.users.list() }));
  route(listRolesRoute, async () => ({ data: await services.users.listRoles() }));
  route(changeUserRoleRoute, async ({ params, body, auth }) =>
    services.users.changeRole(auth.user, params.userId, body.newRoleID),
  );
  route(roleChangesRoute, async ({ query }) => ({
    data: await services.users.roleChanges({ userId: query.userId, limit: query.limit }),
  }));
}
