// Optimizes the browser's wasm files that cargo-leptos asked wasm-opt to optimize (noted by
// the stand-in bin/wasm-opt in the queue file given as the argument): Binaryen's -Oz
// (optimize level 2, shrink level 2) with bulk memory and non-trapping float-to-int, as
// cargo-leptos runs it, file by file in place. Empties the queue when done.
//
// Binaryen's JavaScript build runs on one thread, so the files are shared out to one worker
// per core (each loads Binaryen once), the largest first: the step ends a fresh build, when
// nothing else is left to keep the other core busy.
import { readFileSync, writeFileSync, existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import binaryen from 'binaryen';

/** The file as the build left it: `dir/name.wasm`, or its hashed `dir/name.HASH.wasm`. */
function built(file) {
  if (existsSync(file)) return file;
  const stem = basename(file, '.wasm');
  const hashed = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[A-Za-z0-9_-]+\\.wasm$`);
  const dir = dirname(file);
  const found = readdirSync(dir)
    .filter((name) => hashed.test(name))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!found.length) throw new Error(`wasm-opt: ${file} was not built`);
  return found[0];
}

/** Optimizes `file` in place; returns its sizes before and after. */
export function optimize(file) {
  const input = readFileSync(file);
  const module = binaryen.readBinary(new Uint8Array(input));
  // What the command line enables for these files (`wasm-opt --enable-bulk-memory
  // --enable-nontrapping-float-to-int --print-features`): its defaults and the two flags.
  const F = binaryen.Features;
  module.setFeatures(
    F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.BulkMemoryOpt | F.SignExt | F.ReferenceTypes,
  );
  if (!module.validate()) throw new Error(`wasm-opt: ${file} is not valid wasm`);
  module.optimize();
  const output = module.emitBinary();
  module.dispose();
  writeFileSync(file, output);
  return [input.length, output.length];
}

/** Optimizes every file on `workers` threads, each taking the next file when it is done. */
export function optimizeAll(files, workers) {
  const queue = [...files].sort((a, b) => statSync(b).size - statSync(a).size);
  let before = 0;
  let after = 0;
  return new Promise((resolve, reject) => {
    let running = workers;
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(new URL(import.meta.url));
      const next = () => (queue.length ? worker.postMessage(queue.shift()) : worker.terminate());
      worker.on('online', next);
      worker.on('message', ([b, a]) => {
        before += b;
        after += a;
        next();
      });
      worker.on('error', reject);
      worker.on('exit', () => {
        running -= 1;
        if (running === 0) resolve([before, after]);
      });
    }
  });
}

binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(2);
binaryen.setDebugInfo(false);
// As the command line does at -O2 and above: Stack IR, optimized, when writing the binary.
binaryen.setGenerateStackIR(true);
binaryen.setOptimizeStackIR(true);

if (!isMainThread) {
  parentPort.on('message', (file) => parentPort.postMessage(optimize(file)));
} else if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const queueFile = process.argv[2];
  if (!queueFile) {
    console.error('usage: node scripts/wasm-opt/optimize.mjs QUEUE_FILE');
    process.exit(2);
  }
  const files = existsSync(queueFile)
    ? [...new Set(readFileSync(queueFile, 'utf8').split('\n').filter(Boolean))].map(built)
    : [];
  const workers = Math.max(1, Math.min(availableParallelism(), files.length));
  const started = Date.now();
  try {
    const [before, after] = files.length ? await optimizeAll(files, workers) : [0, 0];
    writeFileSync(queueFile, '');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`wasm-opt: ${files.length} file(s), ${before} B -> ${after} B in ${seconds} s on ${workers} thread(s)`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
