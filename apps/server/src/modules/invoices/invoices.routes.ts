import type { ModuleContext } from '../module-context.js';

export function registerInvoicesRoutes(_context: ModuleContext): void {
  // Routes of the invoices module.
}
