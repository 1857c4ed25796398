#!/usr/bin/env node
// Precompresses static assets for serving with Content-Encoding: writes FILE.br (brotli,
// quality 11) and FILE.gz (gzip, level 9) next to every compressible file over 512 bytes.
// Files whose .br/.gz are newer than the file are skipped. Node's zlib only; one file per core
// at a time (zlib runs on libuv's thread pool), since a fresh build ends on this step.
//
//   node scripts/compress.mjs DIR [DIR...]

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like formats; woff2, png, jpg, webp and the like are compressed already. */
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.wasm', '.html', '.svg', '.json', '.ftl', '.txt', '.xml', '.map']);
const MIN_BYTES = 512;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function mtime(path) {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return -1;
  }
}

const encoders = {
  '.br': (data) =>
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  '.gz': (data) => gz(data, { level: 9 }),
};

async function compress(path) {
  if (!EXTENSIONS.has(extname(path).toLowerCase())) return 0;
  const info = await stat(path);
  if (info.size <= MIN_BYTES) return 0;
  let written = 0;
  let data;
  for (const [suffix, encode] of Object.entries(encoders)) {
    if ((await mtime(path + suffix)) >= info.mtimeMs) continue;
    data ??= await readFile(path);
    await writeFile(path + suffix, await encode(data));
    written++;
  }
  return written;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/compress.mjs DIR [DIR...]');
  process.exit(2);
}
const paths = [];
for (const dir of dirs) {
  for await (const path of files(dir)) paths.push({ path, size: (await stat(path)).size });
}
// Largest first, so that the last file to finish is a small one.
paths.sort((a, b) => b.size - a.size);
let written = 0;
let next = 0;
const worker = async () => {
  while (next < paths.length) {
    const count = await compress(paths[next++].path);
    written += count;
  }
};
await Promise.all(Array.from({ length: availableParallelism() }, worker));
console.log(`compress: ${written} file(s) written in ${dirs.join(', ')}`);
