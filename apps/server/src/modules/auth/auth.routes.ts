import { googleSignInRoute, logoutRoute, tokenRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerAuthRoutes({ route, services }: ModuleContext): void {
  route(tokenRoute, async ({ body, request }) => services.auth.passwordGrant(body, request.ip));
  route(googleSignInRoute, async ({ body }) => services.auth.googleSignIn(body));
  route(logoutRoute, async ({ auth }) => {
    await services.auth.logout(auth.tokenHash);
    return undefined;
  });
}
