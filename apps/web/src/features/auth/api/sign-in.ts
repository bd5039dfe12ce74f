import { LOGIN_MESSAGES, tokenRoute, userRoleRoute, type TOAuthError } from '@keystone/contracts';
import { ApiCallError, callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** The web client's OAuth client (a public client; the server checks the pair, see docs/configuration). */
export const OAUTH_CLIENT = {
  id: import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'keystone-web',
  secret: import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'keystone-web-public',
};

/** Signs in; answers null on success or the message the login screen shows (000 §8). */
export async function signIn(username: string, password: string): Promise<string | null> {
  try {
    const token = await callApi(tokenRoute, {
      body: {
        grant_type: 'password',
        username,
        password,
        client_id: OAUTH_CLIENT.id,
        client_secret: OAUTH_CLIENT.secret,
      },
      silent: true,
    });
    useSession.getState().signIn({ accessToken: token.access_token, username: token.username, role: token.role });
    // The role is fetched from the role endpoint and cached per username (000 §6).
    const role = await callApi(userRoleRoute, { silent: true });
    useSession.getState().setRole(role);
    return null;
  } catch (error) {
    if (error instanceof ApiCallError) {
      const code = (error.body as TOAuthError | null)?.error;
      if (code === 'invalid_credentials') return LOGIN_MESSAGES.invalid_credentials;
      if (code === 'invalid_client') return LOGIN_MESSAGES.invalid_client;
    }
    return LOGIN_MESSAGES.rejected;
  }
}
