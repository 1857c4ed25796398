// node --test scripts/wasm-opt/optimize.test.mjs (make test-widgets)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import binaryen from 'binaryen';
import { optimize } from './optimize.mjs';

/** A module whose function `f` adds `n` to its argument, the long way: `(x + 0) + n`. */
function sample(n) {
  const m = new binaryen.Module();
  const x = m.local.get(0, binaryen.i32);
  m.addFunction('f', binaryen.createType([binaryen.i32]), binaryen.i32, [], m.i32.add(m.i32.add(x, m.i32.const(0)), m.i32.const(n)));
  m.addFunctionExport('f', 'f');
  const bytes = m.emitBinary();
  m.dispose();
  return bytes;
}

test('the queued files are optimized on worker threads as one thread optimizes them, and the queue is emptied', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-opt-'));
  const names = Array.from({ length: 5 }, (_, i) => `chunk_${i}.wasm`);
  for (const [i, name] of names.entries()) {
    writeFileSync(join(dir, name), sample(i + 1));
    writeFileSync(join(dir, `expected_${name}`), sample(i + 1));
  }
  // The stand-in notes a file once per request; cargo-leptos may ask for one twice.
  const queue = join(dir, 'queue.txt');
  writeFileSync(queue, [...names, names[0]].map((name) => join(dir, name)).join('\n'));

  const said = execFileSync(process.execPath, [new URL('./optimize.mjs', import.meta.url).pathname, queue], { encoding: 'utf8' });

  assert.match(said, /^wasm-opt: 5 file\(s\), \d+ B -> \d+ B in [\d.]+ s on \d thread\(s\)\n$/);
  assert.equal(readFileSync(queue, 'utf8'), '');
  for (const name of names) {
    const expected = join(dir, `expected_${name}`);
    const [before, after] = optimize(expected);
    assert.ok(after < before, `${name} got smaller`);
    assert.deepEqual(readFileSync(join(dir, name)), readFileSync(expected), name);
  }
});
