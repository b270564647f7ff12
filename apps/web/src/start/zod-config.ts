// zod probes for eval to compile fast parsers while schemas are being built; the CSP forbids
// eval, so zod must be told never to try before any schema exists. zod keeps its configuration
// in globalThis.__zod_globalConfig and adopts an object already there, so setting it here, first
// thing in main.tsx, configures every zod chunk loaded later without putting zod itself (and the
// contract schemas) into the first page's script.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
