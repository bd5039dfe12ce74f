import { useQuery } from '@tanstack/react-query';
import {
  changeUserRoleRoute,
  listRolesRoute,
  listUsersRoute,
  ROLE_CHANGES_LIMIT,
  roleChangesRoute,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';

export const ROLE_EDITOR_QUERY_KEY = ['role-editor'] as const;

export function useUsers() {
  return useQuery({
    queryKey: [...ROLE_EDITOR_QUERY_KEY, 'users'],
    queryFn: ({ signal }) => callApi(listUsersRoute, { signal }),
  });
}

export function useRoles() {
  return useQuery({
    queryKey: [...ROLE_EDITOR_QUERY_KEY, 'roles'],
    queryFn: ({ signal }) => callApi(listRolesRoute, { signal }),
    staleTime: Infinity,
  });
}

/** Recent role changes, newest first (everyone's, or one user's). */
export function useRoleChanges(userId?: number) {
  return useQuery({
    queryKey: [...ROLE_EDITOR_QUERY_KEY, 'changes', userId ?? 'all'],
    queryFn: ({ signal }) =>
      callApi(roleChangesRoute, { query: { userId, limit: ROLE_CHANGES_LIMIT.default }, signal }),
  });
}

/** PUT role/{userId} with newRoleID (002 §7); the caller shows the refusal. */
export const changeUserRole = (userId: number, newRoleID: number) =>
  callApi(changeUserRoleRoute, { params: { userId }, body: { newRoleID }, silent: true });
