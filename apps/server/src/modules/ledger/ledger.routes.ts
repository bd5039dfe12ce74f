import { ledgerCheckRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerLedgerRoutes({ route, services }: ModuleContext): void {
  route(ledgerCheckRoute, async () => services.ledger.check());
}
