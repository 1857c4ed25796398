#!/usr/bin/env bash
# Rewrites the references to the old docs/decisions.md in code comments to the decision records
# that replaced it. Run once from the repository root after merging docs/decision-records, check
# `git diff`, commit, then delete this script.
#
# Each rewrite is addressed by a phrase of its own line (not a line number), so it still applies
# when other changes moved the line. Whatever reference is left afterwards points at the
# records' folder, and the script lists it.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

D=docs/decisions

# rewrite FILE LINE-PHRASE OLD NEW: in FILE, on lines containing LINE-PHRASE, OLD -> NEW.
rewrite() {
  local file=$1 phrase=$2 old=$3 new=$4
  if [[ ! -f $file ]]; then
    echo "relink: $file is gone, skipped" >&2
    return
  fi
  if ! grep -qF -- "$phrase" "$file"; then
    echo "relink: '$phrase' not found in $file, left for the fallback" >&2
    return
  fi
  PHRASE=$phrase OLD=$old NEW=$new perl -0pi -e '
    my ($p, $o, $n) = ($ENV{PHRASE}, $ENV{OLD}, $ENV{NEW});
    s{^(.*\Q$p\E.*)$}{ my $l = $1; $l =~ s/\Q$o\E/$n/; $l }gme;
  ' "$file"
  echo "relink: $file: $new"
}

rewrite server/src/deals/handlers.rs 'is recorded in docs/decisions.md.' \
  'docs/decisions.md' "$D/0020-discount-and-coupon-pages.md and 0021-claiming-a-coupon.md"
rewrite server/src/search/handlers.rs 'Paging and bad input: decisions.md.' \
  'decisions.md' "$D/0044-search-page-parameters.md"
rewrite server/src/main.rs '(measured in docs/decisions.md)' \
  'docs/decisions.md' "$D/0069-mimalloc-allocator.md"
rewrite server/build.rs '(docs/decisions.md, "Build time")' \
  'docs/decisions.md, "Build time"' "$D/0080-migrations-embedded-without-sqlx-macros.md"
rewrite server/tests/integration/deals.rs '(docs/decisions.md, "Code layout")' \
  'docs/decisions.md, "Code layout"' "$D/0033-one-paging-policy.md"
rewrite server/tests/integration/main.rs 'once instead of once per domain (docs/decisions.md)' \
  'docs/decisions.md' "$D/0083-integration-tests-are-one-binary.md"
rewrite Makefile 'first-load bytes (see docs/decisions.md)' \
  'docs/decisions.md' "$D/0059-browser-wasm-built-with-nightly-for-size.md"
rewrite Makefile 'takes about a second longer (docs/decisions.md)' \
  'docs/decisions.md' "$D/0071-build-tools-compiled-for-a-quick-install.md"
rewrite Makefile 'two built apart (docs/decisions.md, "Build time")' \
  'docs/decisions.md, "Build time"' "$D/0078-build-tools-from-their-libraries.md"
rewrite Makefile '## (docs/decisions.md). The npm packages' \
  'docs/decisions.md' "$D/0073-build-parts-side-by-side.md"
rewrite Makefile 'the contract check has just built that crate so (docs/decisions.md)' \
  'docs/decisions.md' "$D/0082-tests-reuse-the-release-build.md"
rewrite Cargo.toml '`app` and `server` for their unit tests, compile unoptimized (docs/decisions.md)' \
  'docs/decisions.md' "$D/0082-tests-reuse-the-release-build.md"
rewrite scripts/wasm-opt/minify.mjs 'docs/decisions.md, "Build time")' \
  'docs/decisions.md, "Build time"' "$D/0078-build-tools-from-their-libraries.md"
rewrite tools/leptos-build/Cargo.toml '(docs/decisions.md, "Build time")' \
  'docs/decisions.md, "Build time"' "$D/0078-build-tools-from-their-libraries.md"

# Fallback: any other reference (added since, or a phrase that changed) points at the folder.
left=$(git grep -lE '(docs/)?decisions\.md' -- ':!docs/decisions/' ':!*.lock' || true)
for file in $left; do
  perl -pi -e 's{docs/decisions\.md(, "[^"]*")?}{docs/decisions/}g; s{(?<![/\w])decisions\.md}{docs/decisions/}g' "$file"
  echo "relink: $file: fallback to docs/decisions/ (pick the record by hand)" >&2
done

if git grep -nE 'decisions\.md' -- ':!docs/decisions/'; then
  echo "relink: references above remain" >&2
  exit 1
fi
echo "relink: done; review with git diff, then delete $D/relink.sh"
