#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web client when it is missing or older than its
// sources, and serves API and web on one port (PORT, default 3000) on the embedded database with demo data.
// `npm run start:prod` (--production) never loads demo data.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.argv.includes('--production');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)…');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

const dist = path.join(root, 'apps/web/dist/index.html');
const sources = Math.max(
  newestMtime(path.join(root, 'apps/web/src')),
  newestMtime(path.join(root, 'packages/contracts/src')),
);
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources) {
  console.log('Building the web client…');
  run(npm, ['run', 'build', '-w', 'apps/web']);
}

const env = { ...process.env };
if (!production && env.DEMO_DATA === undefined) env.DEMO_DATA = '1';
if (production) env.DEMO_DATA = '0';
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
