// `node scripts/make-icons.mjs`: draws the web app's PNG icons (apps/web/public/icons) from its
// SVG logo (apps/web/public/logo.svg) with sharp: the manifest's 192 and 512 px icons, a maskable
// one (the mark inside the safe zone on a full-bleed background, for launchers that cut their own
// shape) and the 180 px apple-touch-icon (full-bleed: iOS rounds the corners itself). The PNGs are
// committed; run this again after changing the logo.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'apps/web/public');
const out = join(publicDir, 'icons');

const logo = await readFile(join(publicDir, 'logo.svg'), 'utf8');
const background = logo.match(/<rect[^>]*fill="(#[0-9a-f]{6})"/i)?.[1];
const mark = logo.match(/<path[^>]*\/>/)?.[0];
if (!background || !mark) throw new Error('logo.svg: expected a background <rect> and a <path>');

/** The mark on a square without rounded corners, scaled about the centre. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(${32 - 32 * scale} ${32 - 32 * scale}) scale(${scale})">${mark}</g></svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, file));

await mkdir(out, { recursive: true });
await Promise.all([
  render(logo, 192, 'icon-192.png'),
  render(logo, 512, 'icon-512.png'),
  // The safe zone of a maskable icon is the centred circle of 80 % of its width.
  render(fullBleed(0.8), 512, 'icon-maskable-512.png'),
  render(fullBleed(1), 180, 'apple-touch-icon.png'),
]);
console.log(`icons written to ${out}`);
