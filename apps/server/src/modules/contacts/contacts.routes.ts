import type { ModuleContext } from '../module-context.js';

export function registerContactsRoutes(_context: ModuleContext): void {
  // Routes of the contacts module.
}
