/**
 * The contract routes the shell itself calls (locations, logout, the global scan's look-ups, the scan settings). Their modules
 * define zod schemas, so the shell imports them on first use (`loadShellRoutes()`, lib/load-shell-routes.ts): zod then
 * arrives with the first screen's chunk, in parallel with it, and not in the download the shell paints from.
 * The initial-download budget test (`scripts/web-bundle-budget.test.ts`) fails if zod comes back into it.
 */
export {
  listLocationsRoute,
  listScanSettingsRoute,
  logoutRoute,
  productByUpcRoute,
  serialSearchRoute,
} from '@keystone/contracts';
