import type { Sector } from '@maya/contracts';
import type { Storage } from '../../lib/storage.js';
import { sectorColours } from './generate.js';

/** One simple glyph per sector, drawn on a 100×100 grid; a sector without one gets a ring. */
const glyphs: Partial<Record<Sector | 'buyer', string>> = {
  'influencer-marketing': 'M50 18 L59 40 L83 41 L64 56 L71 80 L50 66 L29 80 L36 56 L17 41 L41 40 Z',
  hospitality: 'M28 30 H72 V50 A22 22 0 0 1 28 50 Z M72 36 H80 A8 8 0 0 1 80 52 H72 M22 80 H78',
  construction: 'M20 52 L50 24 L80 52 V80 H20 Z M42 80 V60 H58 V80',
  beauty:
    'M50 50 m-10 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0 M50 22 a12 14 0 0 1 0 28 a12 14 0 0 1 0 -28 M50 50 a12 14 0 0 1 0 28 a12 14 0 0 1 0 -28 M22 50 a14 12 0 0 1 28 0 a14 12 0 0 1 -28 0 M50 50 a14 12 0 0 1 28 0 a14 12 0 0 1 -28 0',
  buyer: 'M50 24 a13 13 0 1 0 0.1 0 Z M24 82 a26 22 0 0 1 52 0 Z',
};

const ring = 'M50 26 a24 24 0 1 0 0.1 0 Z';

function avatarSvg(category: Sector | null, random: () => number): string {
  const [dark, light] = sectorColours(category);
  const circles = Array.from({ length: 5 }, () => {
    const x = Math.round(random() * 100);
    const y = Math.round(random() * 100);
    const r = 8 + Math.round(random() * 22);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.12"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 100 100">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#g)"/>${circles}
<path d="${glyphs[category ?? 'buyer'] ?? ring}" fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
</svg>`;
}

export interface StoredImage {
  imageUrl: string;
  thumbnailUrl: string;
}

/** Renders a generated avatar and its thumbnail as WebP files under `demo/` in the storage. */
export async function renderDemoAvatar(
  storage: Storage,
  id: string,
  category: Sector | null,
  random: () => number,
): Promise<StoredImage> {
  // Loaded here: only a first start with demo data draws images.
  const { default: sharp } = await import('sharp');
  const image = sharp(Buffer.from(avatarSvg(category, random)));
  const [full, thumbnail] = await Promise.all([
    image.clone().resize(512, 512).webp({ quality: 80 }).toBuffer(),
    image.clone().resize(160, 160).webp({ quality: 75 }).toBuffer(),
  ]);
  const key = `demo/${id}.webp`;
  const thumbnailKey = `demo/${id}-thumb.webp`;
  await Promise.all([
    storage.put(key, full, 'image/webp'),
    storage.put(thumbnailKey, thumbnail, 'image/webp'),
  ]);
  return { imageUrl: storage.url(key), thumbnailUrl: storage.url(thumbnailKey) };
}
