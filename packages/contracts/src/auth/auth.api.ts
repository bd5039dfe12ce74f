import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZApiErrorSchema, ZOAuthErrorSchema } from '../http/errors.js';
import { ROLES } from '../permissions.js';

export const ZRoleNameSchema = z.enum(ROLES);

/** OAuth 2 password grant (000 §7): username, password, client_id, client_secret, grant_type. */
export const ZTokenRequestSchema = z
  .object({
    grant_type: z.string().min(1),
    username: z.string().min(1).max(100),
    password: z.string().min(1).max(200),
    client_id: z.string().min(1).max(100),
    client_secret: z.string().max(200),
  })
  .meta({ id: 'TokenRequest' });
export type TTokenRequest = z.infer<typeof ZTokenRequestSchema>;

export const ZTokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds until the token expires. */
    expires_in: z.number().int(),
    username: z.string(),
    role: z.string(),
  })
  .meta({ id: 'TokenResponse' });
export type TTokenResponse = z.infer<typeof ZTokenResponseSchema>;

/** OAuth error codes the login screen maps to messages (000 §8). */
export const OAUTH_ERRORS = {
  invalidCredentials: 'invalid_credentials',
  invalidClient: 'invalid_client',
  unsupportedGrantType: 'unsupported_grant_type',
  tooManyAttempts: 'too_many_attempts',
} as const;

export const LOGIN_MESSAGES = {
  invalid_credentials: 'Invalid username / password',
  invalid_client: 'Invalid token. Probably a problem on the server',
  rejected: 'Error with Login',
} as const;

export const tokenRoute = defineRoute({
  method: 'POST',
  path: '/oauth/token',
  access: 'public',
  summary: 'Sign in with the OAuth 2 password grant',
  tag: 'auth',
  body: ZTokenRequestSchema,
  response: ZTokenResponseSchema,
  errorResponses: {
    400: z.union([ZApiErrorSchema, ZOAuthErrorSchema]),
    401: ZOAuthErrorSchema,
    429: ZOAuthErrorSchema,
  },
});

/** Google sign-in (000 §7): the ID token in g_token is verified; the user is found by e-mail. */
export const ZGoogleSignInSchema = z
  .object({
    email: z.email(),
    google_id: z.string().min(1),
    g_token: z.string().min(1),
    g_refresh: z.string().optional(),
    g_name: z.string().optional(),
  })
  .meta({ id: 'GoogleSignIn' });
export type TGoogleSignIn = z.infer<typeof ZGoogleSignInSchema>;

export const googleSignInRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/google/',
  access: 'public',
  summary: 'Sign in an existing user with a Google ID token',
  tag: 'auth',
  body: ZGoogleSignInSchema,
  response: ZTokenResponseSchema,
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'authenticated',
  summary: 'Revoke the access token of this request',
  tag: 'auth',
  response: z.null(),
  status: 204,
});

export { ZOAuthErrorSchema };
