import {
  ROLE_HEADER,
  fillPath,
  toQueryString,
  type ApiRouteDef,
  type TRouteBody,
  type TRouteParams,
  type TRouteQuery,
  type TRouteResponse,
} from '@keystone/contracts';
import { ApiCallError } from './api-error';
import { queueHttpFailure } from './message-queue';
import { useSession } from './session-store';

export { ApiCallError, serverMessage } from './api-error';


type Input<R extends ApiRouteDef> = (R extends { params: object } ? { params: TRouteParams<R> } : { params?: undefined }) &
  (R extends { query: object } ? { query: TRouteQuery<R> } : { query?: undefined }) &
  (R extends { body: object } ? { body: TRouteBody<R> } : { body?: undefined }) & {
    /** Do not queue a toast on failure (the caller shows its own message). */
    silent?: boolean;
    signal?: AbortSignal;
    /** The bearer token to send instead of the session's (sign-out revokes the token it has just forgotten). */
    accessToken?: string;
    /** Let the request outlive the page (fetch's keepalive): sent even if the user navigates away at once. */
    keepalive?: boolean;
  };

/**
 * A signed-in answer names the caller's current role (the role editor may have changed it since sign-in): the
 * session takes it, so the menu and the routes follow at the next call (docs/decisions.md, "Tax map and role editor").
 */
function followRoleChange(response: Response, token: string | null): void {
  const role = response.headers.get(ROLE_HEADER);
  const session = useSession.getState();
  if (role && token && session.accessToken === token && session.role !== role) session.setRole(role);
}

/**
 * Calls one contract route with the bearer token. A failed call (non-ok) is queued as an error toast
 * (000 §7) and thrown; a 401 on a signed-in session means the token expired or was revoked: sign out.
 */
export async function callApi<R extends ApiRouteDef>(route: R, input: Input<R>): Promise<TRouteResponse<R>> {
  const url = fillPath(route.path, input.params as Record<string, unknown> | undefined) + toQueryString(input.query as Record<string, unknown> | undefined);
  const token = input.accessToken ?? useSession.getState().accessToken;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: route.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    signal: input.signal,
    keepalive: input.keepalive,
  });
  followRoleChange(response, token);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!response.ok) {
    if (!input.silent) queueHttpFailure(url, response.status);
    // Only the session that made the call ends: a 401 that comes back after a sign-out (the inactivity timeout's
    // logout revokes the token while other calls are in flight) must not replace the reason it gave.
    if (response.status === 401 && token && route.access !== 'public' && useSession.getState().accessToken === token) useSession.getState().signOut('expired');
    throw new ApiCallError(response.status, body, url);
  }
  return body as TRouteResponse<R>;
}
