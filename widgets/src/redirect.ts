/**
 * The one rule for where the widgets may send the browser after signing in. It mirrors
 * `api/src/redirect.rs` and is checked against the same cases (`api/tests/redirect_cases.json`).
 *
 * A value is accepted only if it is a path of this site: one leading `/`, no control character
 * (browsers drop tabs and newlines, turning `/\t/evil` into `//evil`), no backslash (read as
 * `/`), also once percent-decoded (up to three times); and, resolved against this site's
 * origin, it must stay on that origin.
 */

/** Longest redirect followed. */
export const MAX_REDIRECT_LEN = 2048;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/;

const plainPath = (v: string): boolean => v.startsWith('/') && !v.startsWith('//') && !UNSAFE.test(v);

/** `%XX` sequences decoded as UTF-8 bytes (invalid ones replaced), like the Rust side. */
function percentDecode(v: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < v.length; ) {
    const pair = v.slice(i + 1, i + 3);
    if (v[i] === '%' && /^[0-9a-fA-F]{2}$/.test(pair)) {
      bytes.push(parseInt(pair, 16));
      i += 3;
    } else {
      const cp = v.codePointAt(i) ?? 0;
      const ch = String.fromCodePoint(cp);
      bytes.push(...encoder.encode(ch));
      i += ch.length;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** `value` when it is a path of this site, else undefined. */
export function safeRedirect(value: unknown, origin: string = window.location.origin): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LEN) return undefined;
  let form = value;
  for (let round = 0; round < 4; round += 1) {
    if (!plainPath(form)) return undefined;
    const decoded = percentDecode(form);
    if (decoded === form) {
      try {
        return new URL(value, origin).origin === new URL(origin).origin ? value : undefined;
      } catch {
        return undefined;
      }
    }
    form = decoded;
  }
  return undefined;
}
