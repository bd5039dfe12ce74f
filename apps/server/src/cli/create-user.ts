// `npm run user:create -- --username NAME --role ROLE [--email E]`: creates a user on the configured database
// (DATABASE_URL, or the PGlite folder DATA_DIR). The password is read from KEYSTONE_PASSWORD or standard input,
// never from the command line. This is how a production install gets its first admin.
import { parseArgs } from 'node:util';
import { isRole, ROLES } from '@keystone/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { UsersService } from '../modules/users/users.service.js';

async function readPassword(): Promise<string> {
  if (process.env.KEYSTONE_PASSWORD) return process.env.KEYSTONE_PASSWORD;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, role: { type: 'string' }, email: { type: 'string' } },
  });
  if (!values.username || !values.role) throw new Error('usage: user:create --username NAME --role ROLE [--email E]');
  if (!isRole(values.role)) throw new Error(`unknown role ${values.role}; one of: ${ROLES.join(', ')}`);
  const password = await readPassword();
  if (password.length < 8)
    throw new Error('the password must have at least 8 characters (KEYSTONE_PASSWORD or standard input)');
  const database = await openDatabase(loadConfig());
  try {
    const id = await new UsersService(database.db).create({
      username: values.username,
      password,
      role: values.role,
      email: values.email ?? null,
    });
    console.log(`created user ${values.username} (id ${id}) with role ${values.role}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
