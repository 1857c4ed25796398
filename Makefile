# The two commands: `make run` and `make test`. Everything they need is installed on demand
# and skipped when present. See README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := run

CARGO_LEPTOS_VERSION := 0.3.11
# The `wasm-bindgen` program must be the version of the library in Cargo.lock, which its
# generated code is checked against (pinned in Cargo.toml).
WASM_BINDGEN_VERSION := $(shell grep -A1 '^name = "wasm-bindgen"$$' Cargo.lock | sed -n 's/version = "\(.*\)"/\1/p')
# Where `cargo install` puts cargo-leptos and wasm-bindgen: cargo's own root (~/.cargo/bin)
# unless TOOLS_ROOT names another (`make build TOOLS_ROOT=/some/dir`, its bin/ then goes first
# on the PATH).
TOOLS_ROOT ?=
TOOLS_BIN := $(if $(TOOLS_ROOT),$(abspath $(TOOLS_ROOT))/bin:)
TOOLS_INSTALL_ROOT := $(if $(TOOLS_ROOT),--root $(abspath $(TOOLS_ROOT)))
export PATH := $(CURDIR)/node_modules/.bin:$(TOOLS_BIN)$(or $(CARGO_HOME),$(HOME)/.cargo)/bin:$(PATH)
export LEPTOS_SITE_ROOT := target/site
export LEPTOS_OUTPUT_NAME := mall
export LEPTOS_HASH_FILES := true

# The browser's wasm is built with the nightly toolchain, which can rebuild the standard library
# for size: panics abort without messages or source locations, and `Debug` formatting is
# compiled out. That takes about a tenth off the first-load bytes (see docs/decisions/0059-browser-wasm-built-with-nightly-for-size.md).
# The server, the tests and clippy stay on stable.
WASM_TOOLCHAIN := nightly
WASM_RUSTFLAGS := -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=none
WASM_CARGO_ARGS := -Zbuild-std=std,panic_abort

# The build tools are compiled for a quick install, not for their own speed: no optimization
# (their release profiles, fat LTO and one codegen unit, made the first `make run` spend a
# quarter of an hour on cargo-leptos alone). What they do per build is small either way: with
# unoptimized tools a front-end build takes about a second longer (docs/decisions/0071-build-tools-compiled-for-a-quick-install.md). Four
# codegen units per crate: the least CPU in all (1, 4, 16 and 256 measured), and the machine's
# cores are busy with other crates and the server's build meanwhile.
TOOL_PROFILE := CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=4 \
	CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false

# What cargo-leptos sets when it builds the server (from [workspace.metadata.leptos]; `cargo
# leptos build -vv` prints it). The leptos crates read some of it at compile time, so the
# server compiled with it beforehand is what cargo-leptos's own build then finds fresh. Were it
# to drift, cargo-leptos would recompile the leptos crates and the server: slower, not wrong.
SERVER_BUILD_ENV := LEPTOS_OUTPUT_NAME=mall LEPTOS_SITE_ROOT=target/site LEPTOS_SITE_PKG_DIR=pkg \
	LEPTOS_SITE_ADDR=127.0.0.1:3000 LEPTOS_RELOAD_PORT=3001 LEPTOS_LIB_DIR=app/hydrate \
	LEPTOS_BIN_DIR=server LEPTOS_JS_MINIFY=true LEPTOS_HASH_FILES=true LEPTOS_HASH_FILE_NAME=hash.txt

.PHONY: run build build-parts server-binary widgets tools tool-rust-targets tool-cargo-leptos tool-wasm-bindgen \
	npm contract contract-if-stale contract-check test test-cluster-if-postgres test-tools fuzz-tools fuzz-api fuzz-beside-build widget-tests-beside-build rust-tests-built test-rust test-widgets test-e2e screenshots test-fuzz test-postgres bench profile fmt lint clean cluster cluster-stop test-cluster deploy-check

## Build tools: wasm target, the standard library's source for the nightly wasm build,
## cargo-leptos, wasm-bindgen CLI matching Cargo.lock, npm packages (Binaryen's wasm-opt).
tools: npm tool-rust-targets tool-cargo-leptos tool-wasm-bindgen

tool-rust-targets:
	@rustup target list --installed | grep -q wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed --toolchain $(WASM_TOOLCHAIN) | grep -q '^rust-src' || \
		rustup component add rust-src --toolchain $(WASM_TOOLCHAIN)

# cargo-leptos and wasm-bindgen as upstream publishes them: `cargo install --locked`, each with
# its own lockfile, side by side under make's job slots. An installed program of the right
# version is kept. cargo-leptos is installed with the nightly toolchain (a dependency of its
# project generator needs a newer Rust than stable) and without its downloads of missing tools
# (`no_downloads`: wasm-opt comes from the npm package `binaryen`, which cargo-leptos finds in
# node_modules/.bin); wasm-bindgen without its TLS features (it downloads nothing for this
# build). After the rustup steps: they change the nightly toolchain this install runs on
# (docs/decisions/0164-build-tools-as-upstream-ships-them.md).
tool-cargo-leptos: | tool-rust-targets
	+@cargo leptos --version 2>/dev/null | grep -qx 'cargo-leptos $(CARGO_LEPTOS_VERSION)' || \
		env $(TOOL_PROFILE) cargo +nightly install cargo-leptos --version $(CARGO_LEPTOS_VERSION) --locked \
			--features no_downloads $(TOOLS_INSTALL_ROOT)

tool-wasm-bindgen:
	+@wasm-bindgen --version 2>/dev/null | grep -qx 'wasm-bindgen $(WASM_BINDGEN_VERSION)' || \
		env $(TOOL_PROFILE) cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --locked \
			--no-default-features $(TOOLS_INSTALL_ROOT)

npm: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json widgets/package.json end2end/package.json
	npm ci --no-audit --no-fund
	@touch $@

## The widgets' TypeScript contract, widgets/src/generated/ (types, API paths, code sets),
## generated from the api crate; commit what it changes. Beside it, the digest of the api
## crate's sources it was generated from.
API_DIGEST = find api -type f \( -name '*.rs' -o -name Cargo.toml \) -print0 | LC_ALL=C sort -z | \
	xargs -0 sha256sum | sha256sum | cut -c1-64
API_DIGEST_FILE := widgets/src/generated/api.sha256
# With all the api crate's features, as its tests build it (test-rust), so the tests reuse it.
contract:
	+cargo run -q -p api --all-features --bin contract
	@$(API_DIGEST) >$(API_DIGEST_FILE)

# The build generates the contract only when the api crate is not what the committed files
# were generated from, so a fresh clone's first build compiles no generator (make test still
# generates and compares, in contract-check).
contract-if-stale:
	+@[ "$$($(API_DIGEST))" = "$$(cat $(API_DIGEST_FILE) 2>/dev/null)" ] || $(MAKE) --no-print-directory contract

## Fails when the checked-in widgets/src/generated/ is not what the api crate generates, i.e.
## the api crate changed and the regenerated files were not committed (or at least staged).
contract-check: contract
	@git diff --quiet -- widgets/src/generated && \
		test -z "$$(git ls-files --others --exclude-standard -- widgets/src/generated)" || \
		{ git status --short -- widgets/src/generated; \
		  echo "widgets/src/generated/ is stale: commit the files 'make contract' regenerated." >&2; exit 1; }

## Release build of the server, the hydrate wasm and the widgets, with precompressed assets.
## The parts build side by side, in a make of their own with three job slots that cargo
## shares, so there are never more than three compilers between them on the machine:
## - the server, compiled with cargo-leptos's environment (it needs none of the build tools);
## - the build tools, then the browser's wasm;
## - the widgets' contract, then the widgets.
## On a fresh machine the first run is ten minutes shorter than one part after the other
## (docs/decisions/0073-build-parts-side-by-side.md). The npm packages install as a part's prerequisite, so the server's
## compilers start at once. Each part's output is printed when the part is done. Then
## cargo-leptos builds the server (it finds it fresh) and the assets are compressed.
## The widgets and the wasm are rebuilt only when one of their inputs is newer than their
## last build (a stamp file), so a second `make run` with nothing changed goes straight to
## serving; cargo itself decides for the server, and compress.mjs skips what is compressed
## already.
build:
	@echo "Building the server, the build tools and then the browser's wasm, and the widgets, side by side;"
	@echo "each part's output appears when it is done (on two cores, a first build takes 14 to 23 minutes)."
	+@$(MAKE) --no-print-directory -j3 --output-sync=target build-parts EXTRA_PARTS="$(EXTRA_PARTS)"
	cargo leptos build --release --server-only
	node scripts/compress.mjs target/site/pkg target/site/static widgets/dist/assets locales

# The `+` on the lines that run cargo hands them make's job slots (so `make -n` runs them too).
# EXTRA_PARTS: what `make test` adds: its browser and fonts (downloads), the Rust tests'
# compilation (rust-tests-built, after the server), the API fuzzing (after the server and the
# fuzzer's download) and the widget tests.
build-parts: server-binary target/site/pkg/.built widgets $(EXTRA_PARTS)

server-binary:
	+env $(SERVER_BUILD_ENV) cargo build --release --package=server --bin=server

# A make of its own after the contract, so the widgets' build sees the regenerated files (and
# after the npm packages, which it must not install a second time beside this make's install).
widgets: contract-if-stale npm
	+@$(MAKE) --no-print-directory widgets/dist/.vite/manifest.json

# Inputs only: the precompressed copies `compress.mjs` writes beside the locales are not.
FRONTEND_INPUTS := Makefile Cargo.toml Cargo.lock package-lock.json \
	$(shell find api app i18n style public locales -type f ! -name '*.br' ! -name '*.gz' 2>/dev/null)
WIDGET_INPUTS := package-lock.json $(shell find widgets -path widgets/dist -prune -o -path widgets/node_modules -prune -o -type f -print) $(wildcard locales/*/widgets.ftl)

widgets/dist/.vite/manifest.json: $(WIDGET_INPUTS) | npm
	npm run build:widgets
	@touch $@

# cargo-leptos builds the wasm, splits off the lazy islands (`--split`: a few, so a few files,
# docs/decisions/0164-build-tools-as-upstream-ships-them.md), runs wasm-bindgen, optimizes
# each wasm file with Binaryen's `wasm-opt -Oz` (the npm package `binaryen`, first on its PATH
# from node_modules/.bin), minifies the glue and names the files by their content.
target/site/pkg/.built: $(FRONTEND_INPUTS) | tools
	+RUSTUP_TOOLCHAIN=$(WASM_TOOLCHAIN) CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$(WASM_RUSTFLAGS)" \
		cargo leptos build --release --split --frontend-only --lib-cargo-args="$(WASM_CARGO_ARGS)"
	@touch $@

## Build, create and migrate data/mall.db, seed the demo mall when empty (MALL_DEMO=1), serve.
## The local demo runs with the development tools (MALL_DEV=1: development mailbox, stand-in sign-in
## providers) unless MALL_DEV is set otherwise; a public shop runs ./target/release/server
## without it.
run: build
	@mkdir -p data
	@echo "Serving on http://$${LEPTOS_SITE_ADDR:-127.0.0.1:3000}"
	MALL_DEV=$${MALL_DEV:-1} MALL_DEMO=$${MALL_DEMO:-1} DATABASE_URL=$${DATABASE_URL:-sqlite://data/mall.db} ./target/release/server

## The storefront as a cluster on this machine: PostgreSQL (database mall_cluster, fresh each
## time), three nodes on 127.0.0.1:3401-3403 and HAProxy round-robin in front on
## http://127.0.0.1:3400 (docs/deploy.md). `make cluster-stop` ends exactly what it started.
cluster: build
	bash scripts/cluster/start.sh

cluster-stop:
	bash scripts/cluster/stop.sh

## deploy/systemd/mall-node@.service run by systemd as docs/deploy.md installs it (a minimal
## Debian booted with systemd-nspawn; as root): start, ready, restart after kill -9, clean stop.
deploy-check: build
	bash scripts/deploy/systemd_check.sh

## The Playwright journeys tagged @cluster against a fresh `make cluster` (stopped afterwards),
## each journey's requests answered by at least two nodes (end2end/cluster-reporter.ts). The
## suite sets X-Forwarded-For per buyer, so the nodes trust two proxies here.
test-cluster: build test-tools
	MALL_CLUSTER_TRUSTED_PROXIES=2 bash scripts/cluster/start.sh
	MALL_E2E_PORT=3400 MALL_E2E_DATABASE_URL=postgres://mall:mall@127.0.0.1:5432/mall_cluster \
		npm run test -w @mall/end2end -- -c playwright.cluster.config.ts; \
		status=$$?; bash scripts/cluster/stop.sh; exit $$status

## Every test: Rust unit and API tests, widget tests, Playwright end-to-end tests, API fuzzing
## (and, when MALL_TEST_POSTGRES_URL is set, as in CI, the API tests on PostgreSQL and the
## @cluster journeys against `make cluster`).
## The test suites' tools (the browser, fonts, the fuzzer) download while the build compiles;
## the Rust tests compile, the API fuzzing runs (on the release server) and the widget tests run
## as parts of the build, each once what it needs is built, in the cores the wasm's
## single-threaded steps leave idle (docs/decisions/0085-test-tools-and-fuzzing-beside-the-build.md).
## Nothing runs beside the Rust tests' run or Playwright, whose tests wait on time limits.
## Each step's wall time is printed as it ends ("time: ..."), so a run's log shows where it went.
test:
	@start=$$(date +%s); step=$$start; \
	lap() { now=$$(date +%s); echo "time: $$1 $$((now - step)) s (total $$((now - start)) s)"; step=$$now; }; \
	$(MAKE) --no-print-directory build EXTRA_PARTS="test-tools rust-tests-built fuzz-beside-build widget-tests-beside-build" && \
		lap "build, test build, fuzzing and widget tests" && \
	$(MAKE) --no-print-directory test-rust && lap "Rust tests" && \
	$(MAKE) --no-print-directory test-e2e && lap "end-to-end tests" && \
	$(MAKE) --no-print-directory test-cluster-if-postgres && lap "cluster journeys"
	@echo "All test suites passed."

# The cluster's journeys where PostgreSQL is at hand, as for the API tests on PostgreSQL (CI).
test-cluster-if-postgres:
	@if [ -n "$$MALL_TEST_POSTGRES_URL" ]; then $(MAKE) --no-print-directory test-cluster; \
	else echo "note: MALL_TEST_POSTGRES_URL is unset; the cluster's journeys (make test-cluster) are skipped"; fi

test-tools:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	@fc-list :lang=km 2>/dev/null | grep -q . || apt-get install -y fonts-noto-core
	@fc-list :lang=zh 2>/dev/null | grep -q . || apt-get install -y fonts-noto-cjk
	@# The end-to-end tests set up a few states (a product off the shelf) in their database.
	@command -v sqlite3 >/dev/null || apt-get install -y sqlite3

# The api crate's feature-gated tests (the TypeScript and OpenAPI generators) in the dev
# profile: the contract check has just built that crate so (docs/decisions/0082-tests-reuse-the-release-build.md).
test-rust:
	cargo test --release --workspace
	cargo test -p api --all-features

# The contract check, then the Rust tests compiled, not run (`make test` runs them after).
# After the server: they share its compiled crates and its cargo lock. In `make test` this is
# a part of the build, so the tests compile while the browser's wasm links, whose optimization
# keeps one core busy for minutes and leaves the other idle.
rust-tests-built: contract-check server-binary
	+cargo test --release --workspace --no-run
	+cargo test -p api --all-features --no-run

# The API fuzzing as a part of `make test`'s build: once the release server is compiled, beside
# the browser's wasm and the Rust tests' compile. The server needs no built assets for the API.
fuzz-beside-build: server-binary fuzz-tools
	+@$(MAKE) --no-print-directory fuzz-api

# The widget tests as a part of `make test`'s build: after the contract check, which rewrites
# the generated files they type-check against.
widget-tests-beside-build: contract-check npm
	+@$(MAKE) --no-print-directory test-widgets

test-widgets: npm
	npm run lint:widgets
	npm run test:widgets
	node --test scripts/profile_breakdown.test.mjs

## Property-based fuzzing of every API operation from /api/openapi.json (Schemathesis, pinned
## in scripts/fuzz/requirements.txt): no server error, every answer in its documented envelope.
test-fuzz: build
	+@$(MAKE) --no-print-directory fuzz-api

# The fuzzing alone, on the built server.
fuzz-api:
	./scripts/fuzz_api.sh

fuzz-tools:
	./scripts/fuzz/install.sh

## Tests tagged @clock move the server's clock forward, which expires every unpaid order of
## that server, and tests tagged @serial change what every buyer sees for a moment (the pay
## switch): they run after the others, on a fresh server of their own, one at a time.
test-e2e: build test-tools
	npm run test -w @mall/end2end -- --grep-invert "@clock|@serial"
	npm run test -w @mall/end2end -- --grep "@clock|@serial" --workers=1

## The end-to-end suite with its pictures for a person to look at (end2end/screenshots/):
## full pages of every journey in the three languages. `make test` runs the same checks without
## them; a picture and the settling before it cost the browser a second or more each.
screenshots: build test-tools
	MALL_SCREENSHOTS=1 npm run test -w @mall/end2end -- --grep-invert "@clock|@serial"

## SSR throughput against serving the same bytes from memory, first-load bytes, memory;
## signed-in full renders and their CPU; search suggestion latency on a 100,000-product catalog; memory under a sign-in flood;
## rows written under an anonymous flood from one address.
bench: build
	@command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	@command -v jq >/dev/null || (apt-get update && apt-get install -y jq)
	@command -v sqlite3 >/dev/null || (apt-get update && apt-get install -y sqlite3)
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	@[ -x scripts/lighthouse/node_modules/.bin/lighthouse ] || npm ci --prefix scripts/lighthouse --no-audit --no-fund
	bash scripts/bench.sh
	bash scripts/bench_render.sh
	bash scripts/bench_search.sh
	bash scripts/bench_signin.sh
	bash scripts/bench_flash_sale.sh
	bash scripts/bench_chat.sh
	bash scripts/bench_flood_rows.sh
	@command -v haproxy >/dev/null || (apt-get update && apt-get install -y haproxy)
	bash scripts/bench_cluster.sh

## Where a signed-in full render spends its CPU: perf recordings of /, /list?st=2, /detail
## and /cart under load, as flamegraphs in target/profile/ and shares by part.
INFERNO_VERSION := 0.12.8
profile: build
	@command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	@command -v perf >/dev/null || (apt-get update && apt-get install -y linux-perf)
	@cargo install --list | grep -q "^inferno v$(INFERNO_VERSION):" || \
		env $(TOOL_PROFILE) cargo install inferno --version $(INFERNO_VERSION) --locked
	bash scripts/profile_render.sh

fmt:
	cargo fmt --all

lint: npm
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p api --all-features --all-targets -- -D warnings
	cargo clippy -p app --features hydrate --target wasm32-unknown-unknown -- -D warnings
	npm run lint:widgets

clean:
	rm -rf target widgets/dist node_modules
