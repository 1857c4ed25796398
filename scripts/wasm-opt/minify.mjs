// Minifies the JavaScript cargo-leptos writes into the site's pkg folder, after loader.mjs:
// wasm-bindgen's glue (`mall.*.js`) and the splitter's loader (`__wasm_split.*.js`), which
// every page loads. The minifier is the widgets' own (Oxc, through rolldown, as Vite runs it),
// in place of the swc that cargo-leptos would compile for its `js-minify` (off in Cargo.toml;
// docs/decisions/0078-build-tools-from-their-libraries.md). Imports and exports keep their names, so the files still
// load each other; `/*! ... */` comments are kept, among them loader.mjs's mark.
//
//   node scripts/wasm-opt/minify.mjs target/site/pkg
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'rolldown/utils';

/** The minified text of the ES module `source` (`name` only names it in errors). */
export function minifyModule(name, source) {
  const result = minifySync(name, source, {
    module: true,
    compress: true,
    mangle: true,
    codegen: { legalComments: 'inline' },
  });
  if (result.errors.length > 0) {
    throw new Error(`${name}: ${result.errors.map((error) => error.message).join('; ')}`);
  }
  return result.code;
}

function main(dir) {
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  let before = 0;
  let after = 0;
  for (const file of files) {
    const path = join(dir, file);
    const source = readFileSync(path, 'utf8');
    let code;
    try {
      code = minifyModule(file, source);
    } catch (error) {
      console.error(`minify: ${error.message}`);
      process.exit(1);
    }
    writeFileSync(path, code);
    before += source.length;
    after += code.length;
  }
  console.log(`minify: ${files.length} JavaScript files, ${before} -> ${after} bytes`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) {
    console.error('usage: node scripts/wasm-opt/minify.mjs SITE_PKG_DIR');
    process.exit(2);
  }
  main(process.argv[2]);
}
