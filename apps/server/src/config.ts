import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  /** Load demo users and catalogue into an empty database. Never on a production start. */
  demoData: boolean;
  tokenTtlSeconds: number;
  oauthClientId: string;
  oauthClientSecret: string;
  /** Failed sign-ins per username allowed inside the window before further tries are refused. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  googleClientId: string | null;
  googleJwksUrl: string | null;
  googleIssuer: string;
  webDist: string;
  logLevel: string;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    demoData: env.DEMO_DATA === '1' || env.DEMO_DATA === 'true',
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 12 * 3600, 'TOKEN_TTL_SECONDS'),
    oauthClientId: env.OAUTH_CLIENT_ID || 'keystone-web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET || 'keystone-web-public',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
    loginWindowSeconds: int(env.LOGIN_WINDOW_SECONDS, 15 * 60, 'LOGIN_WINDOW_SECONDS'),
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    googleJwksUrl: env.GOOGLE_JWKS_URL || null,
    googleIssuer: env.GOOGLE_ISSUER || 'https://accounts.google.com',
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
