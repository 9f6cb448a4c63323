// Makes the app's PNG icons (web app manifest, home screen) from the brand mark in
// src/web/public/favicon.svg. The PNGs are committed; run this again after changing the mark:
//   node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const out = path.resolve('src/web/public');
const BRAND = '#15803d';

// The mark without its tile: a ball (white circle with a green pentagon) on a 64-unit grid.
const MARK = `<circle cx="32" cy="32" r="18" fill="#fff"/><path d="M32 20l6 4.5-2.3 7h-7.4L26 24.5z" fill="${BRAND}"/>`;

/** The favicon as it is: a rounded tile, for "any" purpose icons. */
const tile = fs.readFileSync(path.join(out, 'favicon.svg'), 'utf8');

/**
 * A full-bleed square for maskable and Apple icons: the platform cuts its own shape (circle,
 * squircle), so the background must reach every edge and the ball must stay inside the safe zone
 * (the centre circle of 80% of the width): its radius, 18 of 64 units, is well inside that circle's 25.6.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${MARK}</svg>`;

const icons = [
  { file: 'icon-192.png', svg: tile, size: 192 },
  { file: 'icon-512.png', svg: tile, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

for (const { file, svg, size } of icons) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  fs.writeFileSync(path.join(out, file), png);
  console.log(`${file}: ${size}x${size}, ${png.length} bytes`);
}
