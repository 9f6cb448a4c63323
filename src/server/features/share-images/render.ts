import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import satori from 'satori';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '../../../contract/share-images.js';
import { HttpError } from '../../errors.js';
import type { CardNode } from './cards.js';

/**
 * Drawing a card (decision 0112): satori lays the tree out into an SVG with the project's own
 * fonts, resvg paints it into a PNG off the main thread. Fonts ship in ./fonts (Inter, SIL Open
 * Font License); the server build copies them beside its bundle, where the same relative URL finds
 * them, so nothing depends on how node_modules is laid out.
 */
const FONT_DIR = new URL('./fonts/', import.meta.url);
type SatoriFont = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: SatoriFont[] | undefined;

function loadFonts(): SatoriFont[] {
  const font = (file: string, name: string, weight: 400 | 700): SatoriFont => ({
    name,
    data: fs.readFileSync(fileURLToPath(new URL(file, FONT_DIR))),
    weight,
    style: 'normal',
  });
  // Latin first; the extended Latin set under its own family name, so satori falls back to it
  // glyph by glyph (one family name with two files would take only the first).
  return (fonts ??= [
    font('inter-latin-400-normal.woff', 'Inter', 400),
    font('inter-latin-700-normal.woff', 'Inter', 700),
    font('inter-latin-ext-400-normal.woff', 'Inter Extended', 400),
    font('inter-latin-ext-700-normal.woff', 'Inter Extended', 700),
  ]);
}

/**
 * The card's SVG. With `embedFont: false` the texts stay `<text>` elements instead of glyph
 * outlines: that is how tests read back what a picture says; pictures sent out embed their glyphs.
 */
export function cardSvg(tree: CardNode, opts: { embedFont?: boolean } = {}): Promise<string> {
  // satori takes React elements; a CardNode is that shape without React (cards.ts).
  return satori(tree as unknown as Parameters<typeof satori>[0], {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: loadFonts(),
    embedFont: opts.embedFont ?? true,
  });
}

export async function cardPng(tree: CardNode): Promise<Buffer> {
  const image = await renderAsync(await cardSvg(tree), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}

export interface DrawnCard {
  png: Buffer;
  /** A strong ETag from what the card shows: the same content is the same picture. */
  etag: string;
}

export const BUSY_MESSAGE = 'Pictures are being drawn for many people right now. Please try again in a moment.';

/**
 * Drawn cards kept by what they show (a hash of the card's kind and input) in an lru-cache
 * bounded by bytes; the same card asked for again while it is being drawn waits for that
 * drawing. Drawing is CPU work: beyond `rendersAtOnce` drawings in progress a new one is refused
 * with 503 and Retry-After, so a burst of new cards cannot starve every other request.
 */
export function createCardDrawer(opts: { maxBytes: number; rendersAtOnce: number }) {
  const kept = new LRUCache<string, Buffer>({ maxSize: opts.maxBytes, sizeCalculation: (png) => png.length });
  const drawing = new Map<string, Promise<Buffer>>();
  return {
    async draw(kind: string, input: unknown, build: () => CardNode): Promise<DrawnCard> {
      const key = crypto
        .createHash('sha256')
        .update(JSON.stringify([kind, input]))
        .digest('base64url');
      const etag = `"${key.slice(0, 27)}"`;
      const hit = kept.get(key);
      if (hit) return { png: hit, etag };
      let pending = drawing.get(key);
      if (!pending) {
        if (drawing.size >= opts.rendersAtOnce) throw new HttpError(503, 'busy', BUSY_MESSAGE);
        pending = cardPng(build()).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      const png = await pending;
      kept.set(key, png);
      return { png, etag };
    },
  };
}
export type CardDrawer = ReturnType<typeof createCardDrawer>;
