type TShellRoutes = typeof import('./shell-routes');

let loaded: TShellRoutes | undefined;

/** Imports the shell's contract routes (lib/shell-routes.ts, kept out of the first download) and keeps them. */
export async function loadShellRoutes(): Promise<TShellRoutes> {
  loaded ??= await import('./shell-routes');
  return loaded;
}

/**
 * The shell's routes if a load has finished (the location switcher's query loads them when the shell starts): a
 * caller that must send its request in the current task, before the page can go away, takes them from here.
 */
export function shellRoutesIfLoaded(): TShellRoutes | undefined {
  return loaded;
}
