// Shares of a server profile by the part of a render that spent them (scripts/profile_render.sh).
//
// Reads folded stacks (inferno-collapse-perf: root;...;leaf weight) and gives each sample to
// the part that owns the nearest frame to the leaf that is not the kernel, the allocator or
// the standard library: time spent allocating for the HTML counts as HTML, a thread hand-off
// to SQLite's worker as the database. The kernel's own share of each part is shown beside it.
//
//   node scripts/profile_breakdown.mjs target/profile/home.folded
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts, first match wins; each tests a frame's owning path. */
export const PARTS = [
  ['database', /^(sqlx|sqlite|libsqlite3|flume)/],
  ['JSON', /^(serde_json|serde_core|serde|api::.*(Deserialize|Serialize|deserialize|serialize))/],
  ['Fluent', /^(fluent|intl_memoizer|unic_langid|icu_|i18n)/],
  ['HTML', /^(tachys|leptos|reactive_graph|either_of|leptos_meta|leptos_router|html_escape|app)/],
  ['API routing and handlers', /^(axum|tower|hyper|http|matchit|server|api|cookie|headers)/],
  ['runtime', /^(tokio|futures|mio|parking_lot|std::thread|crossbeam)/],
];

const KERNEL_ENTRY = /^(entry_SYSCALL|asm_|ret_from_fork|common_interrupt)/;
/** Frames that serve whoever called them. */
const SERVING = /^(core|alloc|std|__rust|_rjem|je_|_?mi_|malloc|free|cfree|realloc|calloc|_int_|__libc|__GI|__memcpy|__memmove|__memset|memcpy|memmove|memset|__memcmp|bcmp|memcmp|syscall|\[unknown\]|__pthread|pthread_|_dl_|__tls)/;

/**
 * The paths a frame may belong to, most specific first: `<&mut tachys::A<T> as Trait>::f`
 * belongs to `tachys::A`, and `<(A, B) as tachys::Attribute>::f` to `tachys::Attribute`.
 */
export function owners(frame) {
  if (!frame.startsWith('<')) return [frame];
  const inner = frame.slice(1);
  const as = inner.indexOf(' as ');
  const self = (as < 0 ? inner : inner.slice(0, as)).replace(/^(&mut |&|\*const |\*mut |<)+/, '');
  return as < 0 ? [self] : [self, inner.slice(as + 4)];
}

/** The part a stack (root first) belongs to, and whether its leaf is in the kernel. */
export function classify(frames) {
  let end = frames.length;
  const entry = frames.findIndex((f) => KERNEL_ENTRY.test(f));
  const kernel = entry >= 0;
  if (kernel) end = entry;
  for (let i = end - 1; i >= 0; i--) {
    for (const path of owners(frames[i])) {
      if (SERVING.test(path) && !/^std::thread/.test(path)) continue;
      const part = PARTS.find(([, test]) => test.test(path));
      if (part) return { part: part[0], kernel };
    }
  }
  return { part: kernel ? 'kernel only' : 'other', kernel };
}

export function breakdown(folded) {
  const totals = new Map();
  let all = 0;
  for (const line of folded.split('\n')) {
    const at = line.lastIndexOf(' ');
    if (at < 0) continue;
    const weight = Number(line.slice(at + 1));
    if (!Number.isFinite(weight)) continue;
    // The first frame is the thread's name.
    const frames = line.slice(0, at).split(';').slice(1);
    const { part, kernel } = classify(frames);
    const t = totals.get(part) ?? { all: 0, kernel: 0 };
    t.all += weight;
    if (kernel) t.kernel += weight;
    totals.set(part, t);
    all += weight;
  }
  return { all, parts: [...totals].sort((a, b) => b[1].all - a[1].all) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { all, parts } = breakdown(readFileSync(process.argv[2], 'utf8'));
  for (const [part, t] of parts) {
    const share = ((100 * t.all) / all).toFixed(1).padStart(5);
    const kernel = ((100 * t.kernel) / all).toFixed(1).padStart(5);
    console.log(`  ${part.padEnd(26)} ${share} %   (in the kernel ${kernel} %)`);
  }
}
