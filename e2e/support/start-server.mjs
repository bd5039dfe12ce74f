// Starts the product for the browser tests: a fresh temporary data folder, demo data, the built web client.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystone-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: path.join(root, 'apps/server'),
  // The server's log (stdout) is kept, its last lines told on stderr if it stops on its own: Playwright shows only
  // stderr, and a server that cannot start (its port taken, say) logs why on stdout.
  stdio: ['inherit', 'pipe', 'inherit'],
  // Kept-alive connections stay open longer than any test runs. Playwright's API client reuses a connection without
  // retrying a request the server's idle close met on its way (read ECONNRESET on a POST after 5 s of browser
  // steps); a browser retries such a request itself.
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3199',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '300000',
    HTTP_IDLE_TIMEOUT_MS: '300000',
  },
});
const tail = [];
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail.push(...String(chunk).split('\n').filter(Boolean));
  tail.splice(0, Math.max(0, tail.length - 40));
});
let stopping = false;
const stop = () => {
  stopping = true;
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code, signal) => {
  if (!stopping) {
    process.stderr.write(
      `start-server: the server on port ${process.env.E2E_PORT ?? '3199'} stopped on its own ` +
        `(code ${code}, signal ${signal}); its last log lines:\n${tail.join('\n')}\n`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
