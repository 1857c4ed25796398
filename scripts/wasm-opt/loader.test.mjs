// node --test scripts/wasm-opt/loader.test.mjs (make test-widgets)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARK, SLICE, isEmptyModule, trimLoader } from './loader.mjs';

// The splitter's loader as cargo-leptos 0.3.11 writes it, cut to two chunks and two islands.
const LOADER = `import { initSync } from "./mall.abc.js";

function makeLoad(fetcher, deps) {
    const loader = async () => {
        const parallelStuff = deps.map(d => d());
        const instantiate = fetcher();
        await Promise.all(parallelStuff);
        const imports = getSharedImports();
        return instantiate(imports);
    };
    return loader;
}
/* a_loader_1, b_loader_2 */
const __chunk_1 = makeLoad(() => {
    const src = fetch(new URL("./chunk_1.EMPTY.wasm", import.meta.url));
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, []);
/* a_loader_1, b_loader_2 */
const __chunk_2 = makeLoad(() => {
    const src = fetch(new URL("./chunk_2.FULL.wasm", import.meta.url));
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, []);
export const __wasm_split_load_a_loader_1 = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./split_a_loader_1.x.wasm", import.meta.url));
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, [__chunk_1, __chunk_2]));
export const __wasm_split_load_b_loader_2 = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./split_b_loader_2.y.wasm", import.meta.url));
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, [__chunk_1]));
`;

const emptyChunk = (file) => file.includes('EMPTY');

test('empty chunks are no longer loaded by any island', () => {
  const { source, empty, dropped } = trimLoader(LOADER, emptyChunk, 'B1');
  assert.equal(empty, 1);
  assert.equal(dropped, 2);
  assert.match(source, /__wasm_split_load_a_loader_1 = [\s\S]*?\n, \[__chunk_2\]\)\);/);
  assert.match(source, /__wasm_split_load_b_loader_2 = [\s\S]*?\n, \[\]\)\);/);
});

test('chunks are requested a slice at a time, yielding between slices', () => {
  const { source } = trimLoader(LOADER, emptyChunk, 'B1');
  assert.ok(source.startsWith(`${MARK}\n`));
  assert.ok(!source.includes('deps.map(d => d())'));
  assert.ok(source.includes(`i % ${SLICE} === 0) await yieldToMain()`));
  assert.ok(source.includes('function yieldToMain()'));
});

test('the trimmed loader still loads every chunk an island needs, then the island', async () => {
  const { source } = trimLoader(LOADER, emptyChunk, 'B1');
  const body = source.slice(source.indexOf('function yieldToMain'), source.indexOf('/* a_loader_1'));
  const makeLoad = new Function(`const getSharedImports = () => ({}); ${body}; return makeLoad;`)();
  const order = [];
  const deps = Array.from({ length: SLICE * 2 + 3 }, (_, i) => async () => order.push(`chunk ${i}`));
  const load = makeLoad(() => {
    order.push('island fetched');
    return async () => order.push('island instantiated');
  }, deps);
  await load();
  assert.equal(order.length, deps.length + 2);
  assert.equal(order.at(-1), 'island instantiated');
  assert.deepEqual(order.filter((step) => step.startsWith('chunk')), deps.map((_, i) => `chunk ${i}`));
});

test("the wasm files are fetched by their plain names from the build's folder", () => {
  const { source, moves } = trimLoader(LOADER, emptyChunk, 'B1');
  assert.deepEqual(moves, [
    ['chunk_1.EMPTY.wasm', 'B1/chunk_1.wasm'],
    ['chunk_2.FULL.wasm', 'B1/chunk_2.wasm'],
    ['split_a_loader_1.x.wasm', 'B1/split_a_loader_1.wasm'],
    ['split_b_loader_2.y.wasm', 'B1/split_b_loader_2.wasm'],
  ]);
  for (const [from, to] of moves) {
    assert.ok(!source.includes(from));
    assert.ok(source.includes(`new URL("./${to}", import.meta.url)`));
  }
  assert.throws(() => trimLoader(LOADER, emptyChunk, '../x'), /not a build name/);
});

test('trimming twice changes nothing', () => {
  const once = trimLoader(LOADER, emptyChunk, 'B1').source;
  assert.equal(trimLoader(once, emptyChunk, 'B1').source, once);
});

test('a loader of another shape is refused', () => {
  assert.throws(() => trimLoader(LOADER.replace('deps.map(d => d())', 'deps.map(load)'), emptyChunk, 'B1'), /dependency loop/);
});

test('a module with only custom sections is empty; one with a type section is not', () => {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const custom = [0x00, 0x05, 0x04, 0x6e, 0x61, 0x6d, 0x65];
  assert.ok(isEmptyModule(Uint8Array.from(header)));
  assert.ok(isEmptyModule(Uint8Array.from([...header, ...custom])));
  assert.ok(!isEmptyModule(Uint8Array.from([...header, ...custom, 0x01, 0x01, 0x00])));
});
