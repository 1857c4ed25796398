// Optimizes the browser's wasm files that cargo-leptos asked wasm-opt to optimize (noted by
// the stand-in bin/wasm-opt in the queue file given as the argument), in one process: Binaryen's
// -Oz (optimize level 2, shrink level 2) with bulk memory and non-trapping float-to-int, as
// cargo-leptos runs it, file by file in place. Empties the queue when done.
import { readFileSync, writeFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

const queue = process.argv[2];
if (!queue) {
  console.error('usage: node scripts/wasm-opt/optimize.mjs QUEUE_FILE');
  process.exit(2);
}
const files = existsSync(queue) ? [...new Set(readFileSync(queue, 'utf8').split('\n').filter(Boolean))].map(built) : [];
binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(2);
binaryen.setDebugInfo(false);
// As the command line does at -O2 and above: Stack IR, optimized, when writing the binary.
binaryen.setGenerateStackIR(true);
binaryen.setOptimizeStackIR(true);
const started = Date.now();
let before = 0;
let after = 0;
for (const file of files) {
  const input = readFileSync(file);
  const module = binaryen.readBinary(new Uint8Array(input));
  // What the command line enables for these files (`wasm-opt --enable-bulk-memory
  // --enable-nontrapping-float-to-int --print-features`): its defaults and the two flags.
  const F = binaryen.Features;
  module.setFeatures(
    F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.BulkMemoryOpt | F.SignExt | F.ReferenceTypes,
  );
  if (!module.validate()) {
    console.error(`wasm-opt: ${file} is not valid wasm`);
    process.exit(1);
  }
  module.optimize();
  const output = module.emitBinary();
  module.dispose();
  writeFileSync(file, output);
  before += input.length;
  after += output.length;
}
writeFileSync(queue, '');
console.log(`wasm-opt: ${files.length} file(s), ${before} B -> ${after} B in ${((Date.now() - started) / 1000).toFixed(1)} s`);
