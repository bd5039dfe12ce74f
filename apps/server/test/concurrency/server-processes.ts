import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  /** The process's pid (with WORKERS above 1, the cluster's primary). */
  pid: number;
  /** Everything the process has printed so far (its JSON log lines). */
  output(): string;
  /** Whether the process has exited (crashed or stopped). */
  exited(): boolean;
  stop(): Promise<void>;
  /** Resolves with the exit code once the process has exited (null when a signal ended it). */
  exitCode(): Promise<number | null>;
}

/** BENCH_SERVER_NODE_ARGS: options for the server's node that NODE_OPTIONS refuses (`--cpu-prof --cpu-prof-dir=/tmp/p`). */
function nodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** Starts the real server (`src/main.ts`) as its own process on a PostgreSQL database, on a free loopback port. */
export function startServerProcess(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [...nodeArgs(), '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: '0',
        LOG_LEVEL: 'info',
        NODE_OPTIONS: '',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
        resolve({
          url: match[1]!,
          pid: child.pid!,
          output: () => output,
          exited: () => child.exitCode !== null || child.signalCode !== null,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
          exitCode: () =>
            new Promise<number | null>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** The PostgreSQL server the concurrency suites make their own database on. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Makes a database of its own for one suite; answers its URL. */
export async function createScratchDatabase(name: string): Promise<string> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchDatabase(name: string): Promise<void> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Signs one user in on each server process (the password grant); answers the tokens in the servers' order. */
export function signInOnEach(servers: ServerProcess[], username: string, password: string): Promise<string[]> {
  return Promise.all(
    servers.map(async (s) => {
      const res = await fetch(`${s.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username,
          password,
          client_id: 'keystone-web',
          client_secret: 'keystone-web-public',
        }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    }),
  );
}

/** A server's JSON answer: its status and body (a refusal's `message` and `errors` typed). */
export interface ServerAnswer {
  status: number;
  body: Record<string, unknown> & { message?: string; errors?: Record<string, string[]> };
}

/**
 * The suites' call to one of their servers: `api(server, method, path, body?, token?)` sends JSON (a body when given)
 * to `servers[server]` with that server's signed-in token (or `token`). `suite` is read at each call, since a suite
 * starts its servers and signs in (beforeAll) after it made its `api`.
 */
export function serverApi(suite: () => { servers: ServerProcess[]; tokens: string[] }) {
  return async (
    server: number,
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<ServerAnswer> => {
    const { servers, tokens } = suite();
    const res = await fetch(`${servers[server]!.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${token ?? tokens[server]}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as ServerAnswer['body'] };
  };
}
