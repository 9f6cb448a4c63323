// Writes .br and .gz beside every text asset of the web build, so the server sends compressed
// files without compressing on each request (@fastify/static's preCompressed option).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = process.argv[2] ?? 'dist/web';
let count = 0;
const walk = (d) => {
  for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
    const file = path.join(d, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name) && !file.includes(`${path.sep}.vite${path.sep}`)) {
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      count++;
    }
  }
};
walk(dir);
console.log(`Compressed ${count} assets in ${dir}`);
