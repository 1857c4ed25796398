#!/usr/bin/env bash
# The pairs of repeated code (6+ shared lines) in production code, as `duplicates` lists them
# over the whole tree: rows marked `boilerplate` dropped, and every row with a side in the
# migrations, generated files, tests (server/tests/, *_test*, *.test.ts, tests.rs, end2end/)
# or the API fuzzing. Prints the rows kept and their count (record 0188).
# Usage: scripts/duplicates_report.sh [REPO_DIR]   (default: the repository's root)
set -euo pipefail

repo="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$repo"

out="$(duplicates --repo . --most 200 --seconds 120)"

# Every line that is not a row (the counts, `left out:`, `incomplete:`, `(+N more pairs)`).
notes="$(grep -vE '^D[0-9]+ ' <<<"$out" || true)"

excluded='^(server/migrations/|widgets/src/generated/|server/tests/|end2end/)|_test|\.test\.ts$|(^|/)tests?\.rs$|(^|/)tests/|fuzz'

rows="$(grep -E '^D[0-9]+ ' <<<"$out" | grep -v 'boilerplate' | while read -r id left _tilde right _rest; do
    a="${left%%:*}"
    b="${right%%:*}"
    if grep -qE "$excluded" <<<"$a" || grep -qE "$excluded" <<<"$b"; then
        continue
    fi
    printf '%s %s ~ %s%s\n' "$id" "$left" "$right" "${_rest:+ $_rest}"
done)"

# The rows come most shared first and boilerplate last: if the last row printed is not
# boilerplate, --most cut the list before every meaningful row was listed.
last="$(grep -E '^D[0-9]+ ' <<<"$out" | tail -n 1)"
if [[ "$notes" == *"more pairs"* && "$last" != *boilerplate* ]]; then
    echo "warning: --most 200 cut the list before the boilerplate rows; the count is too low" >&2
fi
if grep -q '^incomplete:' <<<"$notes"; then
    grep '^incomplete:' <<<"$notes" >&2
fi

if [[ -n "$rows" ]]; then
    printf '%s\n' "$rows"
    count="$(printf '%s\n' "$rows" | wc -l)"
else
    count=0
fi
echo "production pairs (not boilerplate, no migrations, generated files, tests or fuzzing): $count"
