import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Gzip size of the JavaScript each route loads: the entry chunk, the route's own chunk and every
 * chunk they import statically (from Vite's build manifest). Lazy imports inside a route (e.g. the
 * statistics chart) are reported separately as "on demand".
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function routeBundleSizes(webDir = 'dist/web'): Array<{ route: string; gzipKb: number; onDemandKb: number }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(webDir, file)), { level: 9 }).length;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const entryKey = Object.keys(manifest).find(
    (k) => manifest[k]!.isEntry && k.endsWith('.html') && !k.includes('landing'),
  )!;
  const entry = closure([entryKey]);
  const out: Array<{ route: string; gzipKb: number; onDemandKb: number }> = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!key.startsWith('routes/')) continue;
    const all = closure([key], new Set(entry));
    const bytes = [...all].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
    const lazy = closure(chunk.dynamicImports ?? [], new Set(all));
    const lazyBytes = [...lazy].filter((k) => !all.has(k)).reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
    out.push({
      route: key
        .replace(/^routes\//, '')
        .replace(/\.tsx$/, '')
        .replace(/^Landing$/, 'Landing (in-app navigation)'),
      gzipKb: bytes / 1024,
      onDemandKb: lazyBytes / 1024,
    });
  }
  const landingKey = Object.keys(manifest).find((k) => k.includes('landing') && manifest[k]!.isEntry);
  if (landingKey) {
    const bytes = [...closure([landingKey])].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
    out.push({ route: 'Landing (pre-rendered /)', gzipKb: bytes / 1024, onDemandKb: 0 });
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of routeBundleSizes())
    console.log(
      `${r.route.padEnd(28)} ${r.gzipKb.toFixed(1).padStart(7)} KB${r.onDemandKb ? `  (+${r.onDemandKb.toFixed(1)} KB on demand)` : ''}`,
    );
}
