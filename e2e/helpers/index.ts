// Everything a journey needs, in one import: `import { … } from '../helpers/index.js'`.
export { journey, type JourneyContext } from '../harness.js';
export { expect, ExpectationError } from './expect.js';
export {
  startServer,
  freePort,
  DEMO_PASSWORD,
  type TestServer,
  type StartServerOptions,
} from './server.js';
export {
  launchBrowser,
  newPage,
  CONSOLE_SIGNED_OUT_ALLOWED,
  SIGNED_OUT_ALLOWED,
  CHROMIUM_ARGS,
  type AllowedFailure,
  type BrowserHandle,
  type NewPageOptions,
  type PageSession,
} from './browser.js';
export { expectNoAxeViolations, formatViolations, AXE_TAGS } from './axe.js';
export { screenshot, resizeTo, routeName, SCREEN_WIDTHS } from './screenshot.js';
export { photograph, PHOTO_WIDTHS, type PhotographOptions } from './photograph.js';
export { signInOperatorByApi } from './operator.js';
export { repoRoot, resultsDir, screenshotsDir } from './paths.js';
