import path from 'node:path';

/** A relative path is the caller's: npm runs a workspace script in apps/server and says where it was called from in INIT_CWD. */
export function callerPath(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}
