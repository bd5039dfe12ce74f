// `npm run backup -- [file]`: a consistent copy of the embedded database (PGlite, DATA_DIR) as a gzipped tar. While a
// server holds the folder, the copy is asked of it (GET /api/admin/backup, signed in as BACKUP_USERNAME with
// BACKUP_PASSWORD, a user holding admin:backup); with no server running, the folder is opened here.
// docs/deployment.md, "Backups". PostgreSQL is backed up by its own tools (scripts/backup/).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { dataDirOwner, openPglite } from '../db/database.js';
import { callerPath } from './caller-path.js';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function fromServer(baseUrl: string): Promise<Buffer> {
  const config = loadConfig();
  const username = process.env.BACKUP_USERNAME;
  const password = process.env.BACKUP_PASSWORD;
  if (!username || !password)
    throw new Error(
      'A server holds the data folder: set BACKUP_USERNAME and BACKUP_PASSWORD (a user with admin:backup) to ask it for the copy, or stop it.',
    );
  const login = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username,
      password,
      client_id: config.oauthClientId,
      client_secret: config.oauthClientSecret,
    }),
  });
  if (!login.ok) throw new Error(`sign-in as ${username} refused (${login.status}): ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const answer = await fetch(`${baseUrl}/api/admin/backup`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`the server refused the backup (${answer.status}): ${await answer.text()}`);
  return Buffer.from(await answer.arrayBuffer());
}

async function fromFolder(dataDir: string): Promise<Buffer> {
  const database = await openPglite(dataDir);
  try {
    return Buffer.from(await (await database.backup!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

async function main() {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with scripts/backup/pg-base-backup.sh (docs/deployment.md).',
    );
  const target = callerPath(process.argv[2] || `keystone-backup-${stamp()}.tar.gz`);
  if (fs.existsSync(target)) throw new Error(`${target} exists: name another file.`);
  const started = performance.now();
  const owner = dataDirOwner(config.dataDir);
  const server = process.env.BACKUP_SERVER_URL || `http://127.0.0.1:${config.port}`;
  const bytes = owner ? await fromServer(server) : await fromFolder(config.dataDir);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(`${target}.part`, bytes);
  fs.renameSync(`${target}.part`, target);
  const ms = Math.round(performance.now() - started);
  console.log(
    `backup: ${target} (${(bytes.length / 1_048_576).toFixed(1)} MB in ${ms} ms, ${owner ? `from the running server, pid ${owner}` : 'from the folder'})`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
