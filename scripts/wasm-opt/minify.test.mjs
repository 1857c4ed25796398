// node --test scripts/wasm-opt/minify.test.mjs (make test-widgets)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MARK } from './loader.mjs';
import { minifyModule } from './minify.mjs';

const GLUE = `import * as split from "./__wasm_split.abc.js";
let wasmModuleInstance;
export function initSync(moduleOrBytes, memoryToUse) {
    const instanceOfTheModule = new WebAssembly.Instance(moduleOrBytes, split.imports(memoryToUse));
    wasmModuleInstance = instanceOfTheModule;
    return instanceOfTheModule.exports;
}
export default async function initialize(url) {
    const response = await fetch(url);
    return initSync(await WebAssembly.compile(await response.arrayBuffer()));
}
`;

test('minifying keeps what other modules import and export by name', async () => {
  const code = minifyModule('mall.js', GLUE);
  assert.ok(code.length < GLUE.length * 0.8, code);
  assert.match(code, /from\s*"\.\/__wasm_split\.abc\.js"/);
  assert.match(code, /export\s*\{[^}]*\binitSync\b[^}]*\}|export function initSync\b/);
  assert.match(code, /export\s*\{[^}]*\bas default\b[^}]*\}|export default\b/);
  assert.doesNotMatch(code, /instanceOfTheModule/);
  // The minified module still runs: its exports are what they were.
  const module = await import(`data:text/javascript,${encodeURIComponent(code.replace(/import\s*\*\s*as\s*(\w+)\s*from\s*"[^"]+";?/, 'const $1 = { imports: () => ({}) };'))}`);
  assert.equal(typeof module.initSync, 'function');
  assert.equal(typeof module.default, 'function');
});

test("the loader's mark survives, so trimming a minified loader again changes nothing", () => {
  const code = minifyModule('__wasm_split.abc.js', `${MARK}\nexport const answer = 40 + 2;\n`);
  assert.ok(code.startsWith(MARK), code);
});

test('a file that is not JavaScript fails with its name', () => {
  assert.throws(() => minifyModule('broken.js', 'export const = ;'), /broken\.js/);
});
