import { queryClient } from '../app/query-client';
import { callApi } from '../lib/api-client';
import { useLocationIndex } from '../lib/location-store';
import { useSession, type TSignOutReason } from '../lib/session-store';

/**
 * Signs out: the server revokes the token (POST /api/auth/logout), then local storage and state are cleared
 * (000 §4). A reason (inactivity, expiry) is shown on the login screen.
 */
export async function logout(reason?: TSignOutReason): Promise<void> {
  try {
    await callApi((await import('../lib/shell-routes')).logoutRoute, { silent: true });
  } catch {
    /* the token may already be gone; sign out locally all the same */
  }
  useSession.getState().signOut(reason);
  useLocationIndex.setState({ index: 0 });
  queryClient.clear();
}
