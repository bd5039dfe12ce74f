import { queryClient } from '../app/query-client';
import { callApi } from '../lib/api-client';
import { useLocationIndex } from '../lib/location-store';
import { useSession, type TSignOutReason } from '../lib/session-store';
import { loadShellRoutes, shellRoutesIfLoaded } from '../lib/load-shell-routes';

/**
 * Signs out (000 §4: logout clears local storage and resets state). The session is forgotten at once, in the click's
 * own task, and does not wait for the server: a user who signs out and straight away opens another page, or hands
 * the terminal over, is signed out whatever the network does. The token is revoked on the server by
 * POST /api/auth/logout sent as a keepalive request, which outlives the page; when the shell's routes are loaded
 * (they are once the location switcher has loaded) it leaves in this task, before anything else can run. A failed
 * revoke changes nothing here: the token is gone from the device either way. A reason (inactivity, expiry) is shown
 * on the login screen.
 */
export async function logout(reason?: TSignOutReason): Promise<void> {
  const accessToken = useSession.getState().accessToken;
  const revoking = accessToken ? revoke(accessToken) : null;
  useSession.getState().signOut(reason);
  useLocationIndex.setState({ index: 0 });
  queryClient.clear();
  try {
    await revoking;
  } catch {
    /* the token may already be gone on the server */
  }
}

/** Sends the revoke of `accessToken`: in this task when the shell's routes are loaded, else once they are. */
function revoke(accessToken: string) {
  const loaded = shellRoutesIfLoaded();
  if (loaded) return callApi(loaded.logoutRoute, { silent: true, keepalive: true, accessToken });
  return loadShellRoutes().then((routes) =>
    callApi(routes.logoutRoute, { silent: true, keepalive: true, accessToken }),
  );
}
