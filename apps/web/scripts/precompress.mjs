// After `vite build`: a brotli and a gzip copy of every text asset, so the server sends them
// compressed (@fastify/static `preCompressed`) without compressing on each request. Runs last, after
// the pre-render has written its pages. Usage: node scripts/precompress.mjs [dist folder]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? new URL('../dist/', import.meta.url).pathname);
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
const minBytes = 1024; // smaller files gain nothing worth a second request path
// Runtime configuration (navigation.json, stocks.json) is edited in place after a build; a
// compressed copy would go on being served instead of the edited file.
const runtimeConfig = join(dist, 'config');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!compressible.test(path) || path.startsWith(`${runtimeConfig}/`)) continue;
  const content = readFileSync(path);
  if (content.length < minBytes) continue;
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (brotli and gzip)`);
