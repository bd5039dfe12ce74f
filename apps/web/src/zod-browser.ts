import { z } from 'zod';

/**
 * Zod's compiled fast path probes `new Function('')` once, which the server's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') refuses and reports as a violation. The browser validates small
 * payloads: the interpreted path is enough. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
