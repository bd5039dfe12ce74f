import type { Database } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import { UsersRepository } from '../users/users.repository.js';
import type { Services } from '../services.js';

/**
 * One recorded role change: the demo user fulfillment-2 "started" as fulfillment-1 (set directly,
 * inside the demo's transaction, so it is not a change anyone made) and the developer promoted them through the role
 * editor's service, which records the change. Every demo user still ends with the role of its name.
 */
export async function loadDemoRoleChanges(db: Database, services: Services, changer: AuthUser): Promise<number> {
  const repo = new UsersRepository(db);
  const roleIds = await repo.ensureRoles(['fulfillment-1', 'fulfillment-2']);
  const subject = (await repo.findByUsername('fulfillment-2'))!;
  await repo.setRole(subject.id, roleIds.get('fulfillment-1')!);
  await services.users.changeRole(changer, subject.id, roleIds.get('fulfillment-2')!);
  return 1;
}
