// `npm run test:e2e`: finds Chromium, then hands over to the TypeScript runner (e2e/runner.ts),
// which builds the web app if needed, starts the server on a free port with a fresh DATA_DIR,
// runs every journey in e2e/journeys/*.e2e.ts and ends with the line `N passed, N failed`.
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

const MISSING = 'The browser suite needs Chromium: apt-get install chromium, or set CHROMIUM_PATH';

function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    console.error(`CHROMIUM_PATH is set to ${configured}, which does not exist.`);
    return undefined;
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
}

const executablePath = findChromium();
if (!executablePath) {
  console.error(MISSING);
  process.exit(1);
}

register();
const { main } = await import('./runner.ts');
process.exitCode = await main({ executablePath });
