#!/usr/bin/env bash
# Benchmarks of the release build (run by `make bench` after `make build`; builds nothing):
#
#  1. Throughput of server-side rendering of `/`, `/list?st=2` and a `/detail` page, each
#     against serving its very same bytes from memory (`/__bench/memory?path=`, only present
#     with MALL_BENCH=1), measured with wrk, interleaved, best run of each; the design's budget
#     is SSR at most 2x the cost, i.e. a ratio of at least 0.5. Also `/` with every request a
#     cache miss, which measures rendering itself.
#  2. First-load bytes of `/` with brotli: the HTML plus every script, stylesheet, module
#     preload and preload it references, counted as the bytes actually sent; budget 250 KB.
#  3. The server's resident memory after the runs.
#     Then in Chromium, every page type signed out and signed in (cart, order confirmation,
#     checkout counter, order, user centre...) as a browser loads it with an empty cache,
#     lazily loaded chunks included, against the same 250 KB; and what opening the comparison
#     sidebar adds: its chunk and React must not be part of the first load.
#     The first tap of the buying path (scripts/bench_first_tap.mjs): tap -> visible answer at
#     load + 0.5 s and + 3 s, loopback and throttled, against the second tap, with the bytes
#     the tap fetched.
#  4. Lighthouse (mobile preset, Debian's Chromium) performance, accessibility and SEO scores
#     and CLS of /, /list, /detail and /shop-index; goal performance >= 95, CLS <= 0.05,
#     accessibility and SEO 100. Skipped with a note when Lighthouse or
#     Chromium is missing (`make bench` installs Lighthouse from scripts/lighthouse).
#
# Loopback only, bounded in time (about five minutes). Tunables: BENCH_PORT (3200),
# BENCH_DURATION (10s), BENCH_ROUNDS (2), BENCH_CONNECTIONS (50), BENCH_THREADS (2).
set -euo pipefail

cd "$(dirname "$0")/.."

PORT="${BENCH_PORT:-3200}"
DURATION="${BENCH_DURATION:-10s}"
ROUNDS="${BENCH_ROUNDS:-2}"
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
THREADS="${BENCH_THREADS:-2}"
BASE="http://127.0.0.1:${PORT}"
OUT="target/bench"
BUDGET_BYTES=250000 # 250 KB (issue: bytes before the first interaction and fetched by the first tap)

die() { echo "bench: $*" >&2; exit 1; }

[[ -x ./target/release/server ]] || die "./target/release/server is missing; run 'make build' first"
[[ -d ./target/site/pkg ]] || die "target/site/pkg is missing; run 'make build' first"
command -v wrk >/dev/null || die "wrk is not installed (apt-get install -y wrk)"
command -v curl >/dev/null || die "curl is not installed"
command -v node >/dev/null || die "node is not installed"
if curl -s -o /dev/null --max-time 1 "$BASE/"; then die "something already listens on $BASE"; fi

# --- start the server on a fresh, seeded database ------------------------------------------
source scripts/bench_server.sh
start_bench_server "$OUT" "$PORT" MALL_BENCH=1

echo "Starting ./target/release/server (pid $SERVER_PID) on $BASE with a fresh database in $OUT/ ..."
# Up to 180 s: seeding a fresh database.
wait_for_bench_server "$OUT" "$BASE/" ||
  { tail -n 40 "$OUT/server.log" >&2; die "the server did not answer 200 on / within 180 s"; }

SSR_URL="$BASE/"
MEM_URL="$BASE/__bench/memory?path=/"

# Both answer, and with pages of about the same size (the memory copy is one SSR render).
ssr_size=$(curl -s -o "$OUT/ssr.html" -w '%{size_download}' "$SSR_URL")
mem_code=$(curl -s -o "$OUT/memory.html" -w '%{http_code}' "$MEM_URL")
[[ "$mem_code" == "200" ]] || die "$MEM_URL answered $mem_code (is MALL_BENCH=1 honoured?)"
mem_size=$(wc -c <"$OUT/memory.html" | tr -d ' ')

# --- throughput --------------------------------------------------------------------------
# Prints requests/s of one wrk run; the full output goes to $OUT/wrk-NAME-N.txt.
run_wrk() {
  local name="$1" url="$2" round="$3" duration="$4"
  local file="$OUT/wrk-$name-$round.txt"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$duration" --timeout 10s "$url" >"$file" 2>&1 || true
  if grep -q 'Non-2xx or 3xx responses' "$file"; then
    echo "bench: warning: $name round $round had non-2xx answers: $(grep 'Non-2xx' "$file")" >&2
  fi
  if grep -q 'Socket errors' "$file"; then
    echo "bench: warning: $name round $round: $(grep 'Socket errors' "$file")" >&2
  fi
  awk '/^Requests\/sec:/ { print $2 }' "$file"
}

# Pages measured: the home page, a catalog list and a product detail page. Each SSR run is
# compared with the same page's bytes served from memory by the same server.
PAGES=("/" "/list?st=2" "/detail?prodId=1")
enc() { node -e 'console.log(encodeURIComponent(process.argv[1]))' "$1"; }
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 > b + 0) ? a : b }'; }
declare -A BEST_SSR BEST_MEM
for page in "${PAGES[@]}"; do
  curl -s -o /dev/null "$BASE/__bench/memory?path=$(enc "$page")"
  run_wrk warmup "$BASE$page" 0 2s >/dev/null
  BEST_SSR[$page]=0
  BEST_MEM[$page]=0
done
# Guest pages are reused for 5 s; a query parameter no page reads makes every request a
# cache miss, which measures rendering itself.
cat >"$OUT/miss.lua" <<'LUA'
counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, "/?bench=" .. counter .. "-" .. math.random(1, 1000000000))
end
LUA
best_miss=0
for round in $(seq 1 "$ROUNDS"); do
  for page in "${PAGES[@]}"; do
    a=$(run_wrk "ssr$round" "$BASE$page" "$round" "$DURATION")
    b=$(run_wrk "memory$round" "$BASE/__bench/memory?path=$(enc "$page")" "$round" "$DURATION")
    echo "  round $round $page: SSR ${a:-?} req/s, memory ${b:-?} req/s"
    BEST_SSR[$page]=$(max "${BEST_SSR[$page]}" "${a:-0}")
    BEST_MEM[$page]=$(max "${BEST_MEM[$page]}" "${b:-0}")
  done
  file="$OUT/wrk-miss-$round.txt"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 10s -s "$OUT/miss.lua" "$BASE/" >"$file" 2>&1 || true
  best_miss=$(max "$best_miss" "$(awk '/^Requests\/sec:/ { print $2 }' "$file")")
done
best_ssr=${BEST_SSR["/"]}
best_mem=${BEST_MEM["/"]}

# --- first-load bytes --------------------------------------------------------------------
curl -s -D "$OUT/html.headers" -H 'Accept-Encoding: br' -o "$OUT/html.body" "$SSR_URL"
html_sent=$(wc -c <"$OUT/html.body" | tr -d ' ')
html_encoding=$(awk -F': *' 'tolower($1) == "content-encoding" { gsub(/\r/, "", $2); print tolower($2) }' "$OUT/html.headers")
html_raw=$(wc -c <"$OUT/ssr.html" | tr -d ' ')
html_br=$(node -e '
  const zlib = require("node:zlib");
  const html = require("node:fs").readFileSync(process.argv[1]);
  const q = (level) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } }).length;
  console.log(q(5) + " " + q(11));
' "$OUT/ssr.html")
html_br5=${html_br% *}
html_br11=${html_br#* }
if [[ "$html_encoding" == "br" ]]; then
  html_count=$html_sent
  html_note="sent brotli by the server"
else
  html_count=$html_br5
  html_note="server sent ${html_encoding:-identity} (${html_sent} B); counted as brotli q5 of the HTML (q11: ${html_br11} B)"
fi

# The assets the HTML references: <script src>, <link rel=stylesheet|modulepreload|preload href>.
node -e '
  const html = require("node:fs").readFileSync(process.argv[1], "utf8");
  const seen = new Set();
  const attrs = (tag) => {
    const out = {};
    for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'"'"'([^'"'"']*)'"'"'|([^\s>]+)))?/g)) {
      out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
    }
    return out;
  };
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const a = attrs(m[2]);
    let url;
    if (m[1].toLowerCase() === "script") url = a.src;
    else {
      const rel = (a.rel || "").toLowerCase().split(/\s+/);
      if (rel.some((r) => ["stylesheet", "modulepreload", "preload"].includes(r))) url = a.href;
    }
    if (!url || seen.has(url)) continue;
    seen.add(url);
    console.log(url.replace(/&amp;/g, "&"));
  }
' "$OUT/ssr.html" >"$OUT/assets.txt"

assets_total=0
asset_rows=""
while IFS= read -r url; do
  [[ -n "$url" ]] || continue
  case "$url" in
    http://* | https://*) full="$url" ;;
    //*) full="http:$url" ;;
    /*) full="$BASE$url" ;;
    *) full="$BASE/$url" ;;
  esac
  result=$(curl -s -H 'Accept-Encoding: br' -o /dev/null -D - -w '\nSIZE %{size_download} %{http_code}\n' "$full")
  size=$(awk '/^SIZE / { print $2 }' <<<"$result")
  code=$(awk '/^SIZE / { print $3 }' <<<"$result")
  enc=$(awk -F': *' 'tolower($1) == "content-encoding" { gsub(/\r/, "", $2); print tolower($2) }' <<<"$result")
  [[ "$code" == "200" ]] || echo "bench: warning: $url answered $code" >&2
  assets_total=$((assets_total + size))
  asset_rows+=$(printf '  %-64s %9s B  %s' "$url" "$size" "${enc:-identity}")$'\n'
done <"$OUT/assets.txt"
first_load=$((html_count + assets_total))

# --- first load in a browser: the comparison sidebar stays out of it ----------------------
browser_first_load=$(node scripts/bench_first_load.mjs "$BASE" 2>&1) || die "first load: $browser_first_load"

# --- the first tap: tap -> visible answer, loopback and throttled -----------------------
first_tap=$(node scripts/bench_first_tap.mjs "$BASE" 2>&1) || die "first tap: $first_tap"

# --- memory ------------------------------------------------------------------------------
rss=$(awk '/^VmRSS:/ { print $2 " " $3 }' "/proc/$SERVER_PID/status" 2>/dev/null || echo "?")
hwm=$(awk '/^VmHWM:/ { print $2 " " $3 }' "/proc/$SERVER_PID/status" 2>/dev/null || echo "?")

# --- Lighthouse --------------------------------------------------------------------------
LIGHTHOUSE=scripts/lighthouse/node_modules/.bin/lighthouse
CHROMIUM="${CHROME_PATH:-$(command -v chromium || true)}"
lighthouse_rows=""
if [[ -x "$LIGHTHOUSE" && -n "$CHROMIUM" ]]; then
  for page in "/" "/list?st=2" "/detail?prodId=1" "/shop-index?sid=2"; do
    name=$(tr -c 'a-zA-Z0-9' '_' <<<"$page")
    report="$OUT/lighthouse$name.json"
    CHROME_PATH="$CHROMIUM" timeout 180 "$LIGHTHOUSE" "$BASE$page" --quiet --only-categories=performance,accessibility,seo \
      --output=json --output-path="$report" \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
      >"$OUT/lighthouse$name.log" 2>&1 || true
    if [[ -s "$report" ]]; then
      lighthouse_rows+=$(node -e '
        const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
        const a = r.audits, n = (id) => a[id] && a[id].numericValue;
        const score = Math.round((r.categories.performance.score || 0) * 100);
        const cls = n("cumulative-layout-shift");
        const a11y = Math.round((r.categories.accessibility.score || 0) * 100);
        const seo = Math.round((r.categories.seo.score || 0) * 100);
        const ok = score >= 95 && cls <= 0.05 && a11y === 100 && seo === 100 ? "ok" : "BELOW GOAL";
        // What keeps accessibility or SEO under 100, by audit id.
        const failing = Object.values(r.categories).filter((c) => c.id !== "performance")
          .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && a[ref.id] && a[ref.id].score !== null && a[ref.id].score < 1).map((ref) => ref.id));
        console.log(`  ${process.argv[2].padEnd(20)} performance ${String(score).padStart(3)}  accessibility ${a11y}  SEO ${seo}  FCP ${Math.round(n("first-contentful-paint"))} ms  LCP ${Math.round(n("largest-contentful-paint"))} ms  TBT ${Math.round(n("total-blocking-time"))} ms  CLS ${cls.toFixed(3)}  ${ok}${failing.length ? "  failing: " + failing.join(", ") : ""}`);
      ' "$report" "$page")$'\n'
    else
      lighthouse_rows+="  $page: Lighthouse produced no report (see $OUT/lighthouse$name.log)"$'\n'
    fi
  done
  # Everything the browser fetched for / (lazily loaded wasm chunks included), images and
  # fonts excluded: the first-load figure as a visitor pays it.
  if [[ -s "$OUT/lighthouse__.json" ]]; then
    lighthouse_rows+=$(node -e '
      const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
      const items = r.audits["network-requests"].details.items.filter((i) => !["Image", "Font"].includes(i.resourceType));
      const total = items.reduce((n, i) => n + (i.transferSize || 0), 0);
      console.log(`  / fetched in all (HTML, CSS, JS, wasm incl. lazy chunks, API; headers included): ${total} B in ${items.length} requests`);
    ' "$OUT/lighthouse__.json")$'\n'
  fi
else
  lighthouse_rows="  skipped: Lighthouse ($LIGHTHOUSE) or Chromium is not installed"$'\n'
fi

# --- report ------------------------------------------------------------------------------
bytes_ok=$([[ $first_load -le $BUDGET_BYTES ]] && echo "within budget" || echo "OVER BUDGET")

echo
echo "== Throughput (wrk -t$THREADS -c$CONNECTIONS -d$DURATION, best of $ROUNDS interleaved runs, $(nproc) CPUs) =="
printf '  %-28s %14s %16s %8s\n' "page" "SSR req/s" "memory req/s" "ratio"
for page in "${PAGES[@]}"; do
  r=$(awk -v a="${BEST_SSR[$page]}" -v b="${BEST_MEM[$page]}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
  ok=$(awk -v a="${BEST_SSR[$page]}" -v b="${BEST_MEM[$page]}" 'BEGIN { print (b > 0 && a / b >= 0.5) ? "ok" : "BELOW 0.50" }')
  printf '  %-28s %14s %16s %8s  %s\n' "$page" "${BEST_SSR[$page]}" "${BEST_MEM[$page]}" "$r" "$ok"
done
printf '  %-28s %14s %16s %8s\n' "/ uncached (every request renders)" "$best_miss" "${BEST_MEM["/"]}" \
  "$(awk -v a="$best_miss" -v b="${BEST_MEM["/"]}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')"
echo
echo "== First-load bytes of / with Accept-Encoding: br (budget 250 KB = $BUDGET_BYTES B) =="
printf '  %-64s %9s B  %s\n' "HTML / (raw $html_raw B)" "$html_count" "$html_note"
printf '%s' "$asset_rows"
printf '  %-64s %9s B  %s\n' "total" "$first_load" "$bytes_ok"
echo
echo "$browser_first_load"
echo
echo "$first_tap"
echo
echo "== Lighthouse, mobile preset (goal: performance >= 95, CLS <= 0.05, accessibility and SEO 100) =="
printf '%s' "$lighthouse_rows"
echo
echo "== Server memory after the runs =="
echo "  VmRSS $rss (peak VmHWM $hwm)"
echo
echo "Raw wrk output, the HTML and the server log are in $OUT/."
