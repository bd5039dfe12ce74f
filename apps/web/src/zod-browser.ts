/**
 * Zod's compiled fast path probes `new Function('')` once, which the server's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') refuses and reports as a violation. The browser validates small
 * payloads: the interpreted path is enough. Zod reads its global configuration from
 * `globalThis.__zod_globalConfig` when it loads (zod/v4/core), so it is set here, first thing in main.tsx, without
 * importing zod: zod itself stays out of the first download and arrives with the first screen
 * (`scripts/web-bundle-budget.test.ts`).
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
