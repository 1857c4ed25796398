// Trims the loader the wasm splitter writes (`__wasm_split.*.js`), after optimize.mjs:
//
// - Chunks that optimized to empty modules (custom sections only: nothing to import, define,
//   run or write) are dropped from every island's dependency list. Instantiating one does
//   nothing, and each cost a request and a fetch on the main thread; about a fifth of the
//   chunks are empty.
// - An island's chunks are requested a slice at a time, yielding to the main thread between
//   slices, so a page whose islands need a hundred chunks does not block input for one long
//   task (issuing a fetch costs the main thread about a third of a millisecond here).
// - The chunks move into a folder named after the build (the loader's own hash), and the
//   loader fetches them by their plain names there. Each chunk's name carried a hash of its
//   own, 22 random characters that compression cannot shrink: with four hundred chunks that was
//   half of what the loader weighs with brotli (12.9 KB with them, 6.9 KB without), and every
//   page downloads the loader. The loader's hash changes with any chunk, so a new build still
//   gets new addresses and the year-long cache of `/pkg` never serves an old chunk to a new
//   page. Leptos's split manifest (read by the server for lazy functions' preloads) is
//   rewritten to match.
//
// The splitter's output is matched literally (cargo-leptos is pinned in the Makefile): when it
// does not match, this fails rather than serve a loader it has not checked.
//
//   node scripts/wasm-opt/loader.mjs target/site/pkg
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chunk loads issued between two yields to the main thread. */
export const SLICE = 8;

/** First line of a trimmed loader: trimming twice changes nothing. A `/*!` comment, which
 * minify.mjs keeps. */
export const MARK = '/*! trimmed by scripts/wasm-opt/loader.mjs */';

const DEPENDENCY_LOOP = `        const parallelStuff = deps.map(d => d());
        const instantiate = fetcher();
`;

const SLICED_LOOP = `        const instantiate = fetcher();
        const parallelStuff = [];
        for (let i = 0; i < deps.length; i++) {
            if (i > 0 && i % ${SLICE} === 0) await yieldToMain();
            const load = deps[i]();
            load.catch(() => {}); // awaited below; not unhandled while this loop yields
            parallelStuff.push(load);
        }
`;

// A message, not a timer: timers in background tabs run at most once a second.
const YIELD_TO_MAIN = `function yieldToMain() {
    if (globalThis.scheduler && typeof globalThis.scheduler.yield === "function") return globalThis.scheduler.yield();
    return new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
            channel.port1.close();
            resolve();
        };
        channel.port2.postMessage(null);
    });
}
`;

/** Whether a wasm module has nothing but custom sections (names, producers). */
export function isEmptyModule(bytes) {
  let at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at++];
    let size = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    if (id !== 0) return false;
    at += size;
  }
  return true;
}

/** A wasm file the loader fetches: `./name.hash.wasm`, beside the loader. */
const FETCHED_FILE = /new URL\("\.\/([A-Za-z0-9_]+)\.[A-Za-z0-9_-]+\.wasm"/g;

/**
 * The trimmed loader, how many chunk loads it no longer makes, and the moves of the wasm files
 * it fetches (`[from, to]`, relative to the loader's folder) into the folder `build`.
 * `isEmptyChunk(file)` says whether the chunk file the loader fetches is an empty module.
 * Throws when the source is not the splitter's loader as this script knows it.
 */
export function trimLoader(source, isEmptyChunk, build) {
  if (source.startsWith(MARK)) return { source, empty: 0, dropped: 0, moves: [] };
  if (!/^[A-Za-z0-9_-]+$/.test(build)) throw new Error(`not a build name: ${build}`);
  if (!source.includes(DEPENDENCY_LOOP)) throw new Error('no dependency loop in makeLoad');
  if (!source.includes('\nfunction makeLoad(')) throw new Error('no makeLoad');
  let out = source
    .replace(DEPENDENCY_LOOP, SLICED_LOOP)
    .replace('\nfunction makeLoad(', `\n${YIELD_TO_MAIN}function makeLoad(`);

  const empty = new Set();
  const definition = /const (__chunk_\d+) = makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/([^"]+)"/g;
  let chunks = 0;
  for (const [, chunk, file] of source.matchAll(definition)) {
    chunks += 1;
    if (isEmptyChunk(file)) empty.add(chunk);
  }
  if (!chunks && source.includes('const __chunk_')) throw new Error('chunk definitions not recognised');
  let dropped = 0;
  out = out.replace(/\n, \[(__chunk_\d+(?:, __chunk_\d+)*)\]\)\);/g, (_, list) => {
    const deps = list.split(', ');
    const kept = deps.filter((chunk) => !empty.has(chunk));
    dropped += deps.length - kept.length;
    return `\n, [${kept.join(', ')}]));`;
  });
  const moves = [];
  out = out.replace(FETCHED_FILE, (whole, name) => {
    const from = whole.slice('new URL("./'.length, -1);
    const to = `${build}/${name}.wasm`;
    moves.push([from, to]);
    return `new URL("./${to}"`;
  });
  if (new Set(moves.map(([, to]) => to)).size !== moves.length) throw new Error('two wasm files with one name');
  return { source: `${MARK}\n${out}`, empty: empty.size, chunks, dropped, moves };
}

function main(dir) {
  const name = readdirSync(dir).find((file) => /^__wasm_split\.[A-Za-z0-9_-]+\.js$/.test(file));
  const build = name?.split('.')[1];
  if (!name) {
    console.log('wasm loader: no split loader (the build is not split)');
    return;
  }
  const path = join(dir, name);
  let result;
  try {
    result = trimLoader(readFileSync(path, 'utf8'), (file) => isEmptyModule(readFileSync(join(dir, file))), build);
  } catch (error) {
    console.error(`wasm loader: ${path}: ${error.message}; the splitter's output changed, update scripts/wasm-opt/loader.mjs`);
    process.exit(1);
  }
  if (result.moves.length > 0) mkdirSync(join(dir, build), { recursive: true });
  for (const [from, to] of result.moves) renameSync(join(dir, from), join(dir, to));
  const manifest = readdirSync(dir).find((file) => /^__wasm_split_manifest\.[A-Za-z0-9_-]+\.json$/.test(file));
  if (manifest && result.moves.length > 0) {
    const moved = new Map(result.moves.map(([from, to]) => [from.replace(/\.wasm$/, ''), to.replace(/\.wasm$/, '')]));
    const modules = JSON.parse(readFileSync(join(dir, manifest), 'utf8'));
    for (const [island, chunks] of Object.entries(modules)) modules[island] = chunks.map((chunk) => moved.get(chunk) ?? chunk);
    writeFileSync(join(dir, manifest), JSON.stringify(modules));
  }
  writeFileSync(path, result.source);
  if (result.chunks !== undefined) {
    console.log(
      `wasm loader: ${result.empty} of ${result.chunks} chunks are empty (${result.dropped} loads dropped); chunks requested ${SLICE} at a time; ${result.moves.length} wasm files moved to ${build}/`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) {
    console.error('usage: node scripts/wasm-opt/loader.mjs SITE_PKG_DIR');
    process.exit(2);
  }
  main(process.argv[2]);
}
