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
  /**
   * PostgreSQL: where the one session-bound use goes, the LISTEN connection and the migrations' session advisory lock,
   * when DATABASE_URL is a pooler in transaction mode (a direct URL, or the pooler's session-mode entry). Null: DATABASE_URL.
   */
  databaseSessionUrl: string | null;
  /** API processes `npm run start:prod` runs on one port (node:cluster); more than one needs DATABASE_URL. */
  workers: number;
  /** V8's old generation grows to this percent over the live heap before a full collection (main.ts); 0: V8's own. */
  heapGrowingPercent: number;
  /** PostgreSQL: name data statements so each connection plans them once (db/prepared-statements.ts). */
  databasePreparedStatements: boolean;
  /** PostgreSQL: send a transaction's BEGIN with its first statement, and a marked last statement with COMMIT (db/transaction-pipeline.ts). */
  databasePipelineTransactions: boolean;
  /**
   * Stock writes (every `LedgerWrites.run`) one process runs at once; the rest wait in the process, so reads never queue behind
   * them for a connection. Default: 8 of the 10 pooled PostgreSQL connections; 1 on PGlite (one engine on this thread: two writes in its queue keep reads out for seconds).
   */
  ledgerWriteConcurrency: number;
  /** Run queued background jobs in this process (modules/jobs). Off: jobs are queued and left to other processes. */
  jobsEnabled: boolean;
  /** Background jobs this process runs at once. */
  jobConcurrency: number;
  /** Answer every response with `x-process-id: <pid>`: which API process served it (diagnostics, tests). */
  exposeProcessId: boolean;
  /** Load demo users and catalogue into an empty database. Never on a production start. */
  demoData: boolean;
  tokenTtlSeconds: number;
  /**
   * How long one process may answer a token from memory instead of the database (0: never). Logout and role
   * changes empty the cache at once in their process and, through the database's notification, in the others.
   */
  authCacheSeconds: number;
  oauthClientId: string;
  oauthClientSecret: string;
  /** Failed sign-ins per username allowed inside the window before further tries are refused. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Once the failures are used up: the first wait before another try is checked, doubling per failure up to the max. */
  loginDelaySeconds: number;
  loginMaxDelaySeconds: number;
  /** Failed sign-ins per client address (any usernames) inside its window; 0 turns the limit off. */
  loginAddressMaxFailures: number;
  loginAddressWindowSeconds: number;
  googleClientId: string | null;
  googleJwksUrl: string | null;
  googleIssuer: string;
  webDist: string;
  logLevel: string;
  /** HTTP server timeouts (apps/server/src/http/security.ts). */
  httpIdleTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  /** Take the client address from X-Forwarded-For (behind a load balancer): the sign-in address limit needs it. */
  trustProxy: boolean;
  /** How long GET /api/health waits for the database before answering 503. */
  healthTimeoutMs: number;
  /** Our company as it appears on purchase orders. */
  companyName: string;
  companyAddress: { address1: string; city: string; state: string; postalCode: string; phone: string };
  /** EDI: our interchange id and qualifier, the usage indicator (P production, T test), and the outbox folder. */
  ediSenderId: string;
  ediSenderQualifier: string;
  ediUsageIndicator: 'P' | 'T';
  ediOutboxDir: string;
  /** E-mail: an SMTP URL (smtp://user:pass@host:587, smtps://… for TLS) or, when unset, the outbox folder. */
  smtpUrl: string | null;
  mailFrom: string;
  mailOutboxDir: string;
  /**
   * Amazon's Selling Partner API for supply sources (docs/decisions.md, "Supply sources"): used when the endpoint, client id, client
   * secret and refresh token are all set; otherwise supply sources live in our database (the embedded default).
   */
  /** The realtime review store: a Firebase Realtime Database's URL and secret; no URL, our database. */
  reviewStore: { url: string | null; secret: string | null; timeoutMs: number };
  /** Reviews the public intake takes per client address and fixed window. */
  reviewIntakeMax: number;
  reviewIntakeWindowSeconds: number;
  spApi: {
    endpoint: string | null;
    lwaTokenUrl: string;
    clientId: string | null;
    clientSecret: string | null;
    refreshToken: string | null;
    /** Each call's time limit (token and Supply Sources calls). */
    timeoutMs: number;
  };
  /** Carousel images (docs/decisions.md, "Carousel"): the local folder the embedded image store writes, served at /uploads/carousel/. */
  carouselImageDir: string;
  /**
   * Shipping reconciliation (docs/decisions.md, "Shipping reconciliation"): how many cents a carrier may bill above our quote and still be 'Not Matched -
   * Within Acceptable Threshold' (above it: Outside).
   */
  reconciliationThresholdCents: number;
  /** Folder of the CSV files report jobs write (docs/decisions.md, "Report tests per category and report file retention"); default DATA_DIR/reports. */
  reportFilesDir: string;
  /**
   * Hours a report job's file is kept (REPORT_FILES_RETENTION_HOURS, default 24; decimals allowed): older ones are
   * deleted by the sweep each server runs at start and periodically, and their download answers 404.
   */
  reportFilesRetentionHours: number;
  /**
   * Days the answer to a scan sent with a client scan id is kept (CLIENT_SCAN_ANSWERS_RETENTION_DAYS, default 30;
   * decimals allowed): a recurring job deletes older ones, after which a replay of that id is taken as a new scan.
   */
  clientScanAnswersRetentionDays: number;
  /**
   * PostgreSQL only: a select-only role the report queries run under (`SET LOCAL ROLE`), beside their READ ONLY
   * transaction (docs/decisions.md "Reports engine"). Null: the READ ONLY transaction alone.
   */
  reportsDbRole: string | null;
  /**
   * PostgreSQL only: where reports and report downloads read (a streaming standby), through a read-only pool of their
   * own (db/reports-database.ts). Null: they read the main database.
   */
  reportsDatabaseUrl: string | null;
  /** A report states the reports database's lag when it is more than this many seconds behind the primary. */
  reportsLagNoticeSeconds: number;
  /** S3-compatible storage for carousel images instead of the local folder, when S3_BUCKET is set. */
  s3: S3Config | null;
  /** `GET /metrics` (modules/metrics): a scraper's bearer token (null: none), and the client addresses or CIDR ranges let in without it. */
  metricsToken: string | null;
  metricsAllow: string[];
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, …) for uploaded images (modules/carousel/image-store.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (http://127.0.0.1:9000); null for AWS itself. */
  endpoint: string | null;
  /** Null: the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where browsers fetch the objects: this URL + '/' + key. Default: the endpoint's (or AWS's) URL of the bucket. */
  publicUrl: string | null;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Key prefix of carousel images. */
  keyPrefix: string;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || null,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    publicUrl: env.S3_PUBLIC_URL ? env.S3_PUBLIC_URL.replace(/\/+$/, '') : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    keyPrefix: env.S3_KEY_PREFIX ?? 'carousel/',
  };
}

function reportsDatabaseUrl(env: NodeJS.ProcessEnv): string | null {
  if (!env.REPORTS_DATABASE_URL) return null;
  if (!env.DATABASE_URL)
    throw new Error('REPORTS_DATABASE_URL needs DATABASE_URL: reports read a PostgreSQL standby of the main database');
  return env.REPORTS_DATABASE_URL;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number above 0, got ${value}`);
  return n;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data'));
  const usage = env.EDI_USAGE_INDICATOR || 'P';
  if (usage !== 'P' && usage !== 'T') throw new Error(`EDI_USAGE_INDICATOR must be P or T, got ${usage}`);
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseSessionUrl: env.DATABASE_SESSION_URL || null,
    workers: Math.max(1, int(env.WORKERS, 1, 'WORKERS')),
    heapGrowingPercent: int(env.HEAP_GROWING_PERCENT, 50, 'HEAP_GROWING_PERCENT'),
    databasePreparedStatements: !(
      env.DATABASE_PREPARED_STATEMENTS === '0' || env.DATABASE_PREPARED_STATEMENTS === 'false'
    ),
    databasePipelineTransactions: !(
      env.DATABASE_PIPELINE_TRANSACTIONS === '0' || env.DATABASE_PIPELINE_TRANSACTIONS === 'false'
    ),
    ledgerWriteConcurrency: Math.max(
      1,
      int(env.LEDGER_WRITE_CONCURRENCY, env.DATABASE_URL ? 8 : 1, 'LEDGER_WRITE_CONCURRENCY'),
    ),
    jobsEnabled: !(env.JOBS_ENABLED === '0' || env.JOBS_ENABLED === 'false'),
    jobConcurrency: Math.max(1, int(env.JOB_CONCURRENCY, 1, 'JOB_CONCURRENCY')),
    exposeProcessId: env.EXPOSE_PROCESS_ID === '1' || env.EXPOSE_PROCESS_ID === 'true',
    demoData: env.DEMO_DATA === '1' || env.DEMO_DATA === 'true',
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 12 * 3600, 'TOKEN_TTL_SECONDS'),
    authCacheSeconds: int(env.AUTH_CACHE_SECONDS, 5, 'AUTH_CACHE_SECONDS'),
    oauthClientId: env.OAUTH_CLIENT_ID || 'keystone-web',
    oauthClientSecret: env.OAUTH_CLIENT_SECRET || 'keystone-web-public',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
    loginWindowSeconds: int(env.LOGIN_WINDOW_SECONDS, 15 * 60, 'LOGIN_WINDOW_SECONDS'),
    loginDelaySeconds: int(env.LOGIN_DELAY_SECONDS, 2, 'LOGIN_DELAY_SECONDS'),
    loginMaxDelaySeconds: int(env.LOGIN_MAX_DELAY_SECONDS, 60, 'LOGIN_MAX_DELAY_SECONDS'),
    loginAddressMaxFailures: int(env.LOGIN_ADDRESS_MAX_FAILURES, 50, 'LOGIN_ADDRESS_MAX_FAILURES'),
    loginAddressWindowSeconds: Math.max(
      1,
      int(env.LOGIN_ADDRESS_WINDOW_SECONDS, 15 * 60, 'LOGIN_ADDRESS_WINDOW_SECONDS'),
    ),
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    googleJwksUrl: env.GOOGLE_JWKS_URL || null,
    googleIssuer: env.GOOGLE_ISSUER || 'https://accounts.google.com',
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    httpIdleTimeoutMs: int(env.HTTP_IDLE_TIMEOUT_MS, 120_000, 'HTTP_IDLE_TIMEOUT_MS'),
    httpKeepAliveTimeoutMs: int(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 5_000, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
    httpHeadersTimeoutMs: int(env.HTTP_HEADERS_TIMEOUT_MS, 10_000, 'HTTP_HEADERS_TIMEOUT_MS'),
    httpRequestTimeoutMs: int(env.HTTP_REQUEST_TIMEOUT_MS, 120_000, 'HTTP_REQUEST_TIMEOUT_MS'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    healthTimeoutMs: int(env.HEALTH_TIMEOUT_MS, 2_000, 'HEALTH_TIMEOUT_MS'),
    companyName: env.COMPANY_NAME || 'Keystone Appliance & Electronics',
    companyAddress: {
      address1: env.COMPANY_ADDRESS || '1200 Commerce Way',
      city: env.COMPANY_CITY || 'Louisville',
      state: env.COMPANY_STATE || 'KY',
      postalCode: env.COMPANY_POSTAL_CODE || '40213',
      phone: env.COMPANY_PHONE || '502-555-0100',
    },
    ediSenderId: env.EDI_SENDER_ID || 'KEYSTONEPOS',
    ediSenderQualifier: env.EDI_SENDER_QUALIFIER || 'ZZ',
    ediUsageIndicator: usage,
    ediOutboxDir: path.resolve(env.EDI_OUTBOX_DIR || path.join(dataDir, 'outbox', 'edi')),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Keystone Purchasing <purchasing@keystone.example>',
    mailOutboxDir: path.resolve(env.MAIL_OUTBOX_DIR || path.join(dataDir, 'outbox', 'mail')),
    reviewStore: {
      url: env.REVIEW_STORE_URL || null,
      secret: env.REVIEW_STORE_SECRET || null,
      timeoutMs: Math.max(1, int(env.REVIEW_STORE_TIMEOUT_MS, 10_000, 'REVIEW_STORE_TIMEOUT_MS')),
    },
    reviewIntakeMax: Math.max(1, int(env.REVIEW_INTAKE_MAX, 5, 'REVIEW_INTAKE_MAX')),
    reviewIntakeWindowSeconds: Math.max(
      1,
      int(env.REVIEW_INTAKE_WINDOW_SECONDS, 10 * 60, 'REVIEW_INTAKE_WINDOW_SECONDS'),
    ),
    spApi: {
      endpoint: env.SP_API_ENDPOINT || null,
      lwaTokenUrl: env.SP_API_LWA_TOKEN_URL || 'https://api.amazon.com/auth/o2/token',
      clientId: env.SP_API_CLIENT_ID || null,
      clientSecret: env.SP_API_CLIENT_SECRET || null,
      refreshToken: env.SP_API_REFRESH_TOKEN || null,
      timeoutMs: Math.max(1, int(env.SP_API_TIMEOUT_MS, 10_000, 'SP_API_TIMEOUT_MS')),
    },
    carouselImageDir: path.resolve(env.CAROUSEL_IMAGE_DIR || path.join(dataDir, 'uploads', 'carousel')),
    reconciliationThresholdCents: Math.max(
      0,
      int(env.RECONCILIATION_THRESHOLD_CENTS, 200, 'RECONCILIATION_THRESHOLD_CENTS'),
    ),
    reportFilesDir: path.resolve(env.REPORT_FILES_DIR || path.join(dataDir, 'reports')),
    reportFilesRetentionHours: positiveNumber(env.REPORT_FILES_RETENTION_HOURS, 24, 'REPORT_FILES_RETENTION_HOURS'),
    clientScanAnswersRetentionDays: positiveNumber(
      env.CLIENT_SCAN_ANSWERS_RETENTION_DAYS,
      30,
      'CLIENT_SCAN_ANSWERS_RETENTION_DAYS',
    ),
    reportsDbRole: env.REPORTS_DB_ROLE || null,
    reportsDatabaseUrl: reportsDatabaseUrl(env),
    reportsLagNoticeSeconds: int(env.REPORTS_LAG_NOTICE_SECONDS, 5, 'REPORTS_LAG_NOTICE_SECONDS'),
    s3: s3Config(env),
    metricsToken: env.METRICS_TOKEN || null,
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1,::1')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
}
