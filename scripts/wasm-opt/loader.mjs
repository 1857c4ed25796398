// Trims the loader the wasm splitter writes (`__wasm_split.*.js`), after optimize.mjs:
//
// - Chunks that optimized to empty modules (custom sections only: nothing to import, define,
//   run or write) are dropped from every island's dependency list. Instantiating one does
//   nothing, and each cost a request and a fetch on the main thread; about a fifth of the
//   chunks are empty.
// - An island's chunks are requested a slice at a time, yielding to the main thread between
//   slices, so a page whose islands need a hundred chunks does not block input for one long
//   task (issuing a fetch costs the main thread about a third of a millisecond here).
//
// The splitter's output is matched literally (cargo-leptos is pinned in the Makefile): when it
// does not match, this fails rather than serve a loader it has not checked.
//
//   node scripts/wasm-opt/loader.mjs target/site/pkg
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chunk loads issued between two yields to the main thread. */
export const SLICE = 8;

/** First line of a trimmed loader: trimming twice changes nothing. */
export const MARK = '/* trimmed by scripts/wasm-opt/loader.mjs */';

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

/**
 * The trimmed loader, and how many chunk loads it no longer makes. `isEmptyChunk(file)` says
 * whether the chunk file the loader fetches is an empty module. Throws when the source is not
 * the splitter's loader as this script knows it.
 */
export function trimLoader(source, isEmptyChunk) {
  if (source.startsWith(MARK)) return { source, empty: 0, dropped: 0 };
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
  return { source: `${MARK}\n${out}`, empty: empty.size, chunks, dropped };
}

function main(dir) {
  const name = readdirSync(dir).find((file) => /^__wasm_split\.[A-Za-z0-9_-]+\.js$/.test(file));
  if (!name) {
    console.log('wasm loader: no split loader (the build is not split)');
    return;
  }
  const path = join(dir, name);
  let result;
  try {
    result = trimLoader(readFileSync(path, 'utf8'), (file) => isEmptyModule(readFileSync(join(dir, file))));
  } catch (error) {
    console.error(`wasm loader: ${path}: ${error.message}; the splitter's output changed, update scripts/wasm-opt/loader.mjs`);
    process.exit(1);
  }
  writeFileSync(path, result.source);
  if (result.chunks !== undefined) {
    console.log(
      `wasm loader: ${result.empty} of ${result.chunks} chunks are empty (${result.dropped} loads dropped); chunks requested ${SLICE} at a time`,
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
