import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { LandingPage } from '../src/web/features/landing/LandingPage';

// Writes the landing page's HTML into the built landing.html, so / paints before any script runs.
const outDir = process.argv[2] ?? 'dist/web';
const file = path.join(outDir, 'landing.html');
const html = renderToString(<LandingPage signedIn={false} />);
const page = fs.readFileSync(file, 'utf8');
if (!page.includes('<div id="root"></div>')) throw new Error(`${file} has no empty root element`);
fs.writeFileSync(file, page.replace('<div id="root"></div>', `<div id="root">${html}</div>`));
console.log(`Pre-rendered ${file} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
