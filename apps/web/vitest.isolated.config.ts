import { webTestConfig } from './vitest.config';

/** The web's test files that need modules of their own (vitest.config.ts, `isolatedTests`). */
export default webTestConfig({ isolated: true });
