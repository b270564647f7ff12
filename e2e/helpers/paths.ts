import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = join(repoRoot, 'test-results');
export const screenshotsDir = join(resultsDir, 'screenshots');
export const axeDir = join(resultsDir, 'axe');
