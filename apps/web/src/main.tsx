import './lib/zod-config';

// A public page arrives prerendered (apps/web/build-plugins.ts): the HTML is the page, so it is
// painted before the app's code runs (boot.tsx, downloaded beside this script), which then
// hydrates it. Any other page has nothing to paint yet and starts at once.
const prerendered = document.getElementById('root')?.dataset.route !== undefined;
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void (prerendered ? afterPaint() : Promise.resolve()).then(() => import('./boot'));
