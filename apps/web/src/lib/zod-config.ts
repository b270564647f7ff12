import { z } from 'zod';

// zod probes for eval to compile fast parsers while schemas are being built; the CSP forbids
// eval, so this module is imported before any schema exists and tells zod never to try.
z.config({ jitless: true });
