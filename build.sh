#!/usr/bin/env bash
# Pith's one entry point.
#
#   ./build.sh                 install what is missing, build dist/ (extensions + playground)
#   ./build.sh test            set up and build as above, then native tests, wasm tests in
#                              headless Chromium, end-to-end tests, and the evaluation gates:
#                              ../shared/datasets/readability (shingle F1) and the wcxb-dev CI
#                              sample tests/eval/wcxb-ci-sample.json (word F1) (the command
#                              .ci/run runs)
#   ./build.sh serve [PORT]    serve the playground on http://127.0.0.1:8080
#   ./build.sh eval DATASET_DIR [--out DIR] [--gate BASELINE.json [--gate-key KEY]]
#                    [--ids a,b] [--ids-file IDS.json] [--limit N]
#                              Pith against Readability.js, same browser, same run
#   ./build.sh facts DATASET_DIR [--out DIR] [--ids a,b] [--limit N]
#                              dump each page's PageFacts (eval-out/facts/<set>/<id>.json.gz)
#   ./build.sh train [--refresh-facts] [LAB OPTIONS]
#                              dump the three development sets' PageFacts where missing (or all,
#                              with --refresh-facts: after a walker change), train the decision's
#                              models with held-out figures, write src/decision/model.rs, rebuild
#   ./build.sh bench [DATASET_DIR[@K]…] [--runs N] [--growth N,…] [--large N,…]
#                              extraction time by stage, growth and memory figures (printed,
#                              never asserted)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

WASM_TARGET=wasm32-unknown-unknown
DIST="$ROOT/dist"
DATASETS="${PITH_DATASETS:-$ROOT/../shared/datasets}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "build.sh: need root for: $*" >&2; return 1; fi
}

# The wasm-bindgen version pinned in Cargo.toml (`wasm-bindgen = "=X"`).
wasm_bindgen_version() {
  sed -n 's/^wasm-bindgen = .*"=\([0-9.]*\)".*/\1/p' Cargo.toml | head -n 1
}

setup() {
  if ! rustup target list --installed | grep -qx "$WASM_TARGET"; then
    say "rustup target add $WASM_TARGET"
    rustup target add "$WASM_TARGET"
  fi
  local want; want="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    say "cargo install wasm-bindgen-cli $want"
    # Without --locked: with it, dependency resolution fails for this version.
    # --force: replaces a different version (or a binary removed by hand).
    cargo install --force wasm-bindgen-cli --version "$want"
  fi
  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
    say "apt-get install chromium chromium-driver"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver
  fi
  # Firefox for tests/e2e/firefox.test.mjs: Debian's firefox-esr, driven
  # through geckodriver from crates.io (pinned: 0.37.1 drives firefox-esr 153).
  local firefox="${FIREFOX:-/usr/bin/firefox-esr}"
  local gecko_want=0.37.1
  local gecko="${GECKODRIVER:-${CARGO_HOME:-$HOME/.cargo}/bin/geckodriver}"
  if [ ! -x "$firefox" ]; then
    say "apt-get install firefox-esr"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q firefox-esr
  fi
  # Speech for tests/e2e/listen-firefox.test.mjs: Firefox on Linux speaks
  # through speech-dispatcher; espeak-ng is its voice.
  if [ ! -x /usr/bin/speech-dispatcher ] || [ ! -x /usr/bin/espeak-ng ]; then
    say "apt-get install speech-dispatcher espeak-ng"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q speech-dispatcher espeak-ng
  fi
  if [ "$("$gecko" --version 2>/dev/null | awk 'NR == 1 {print $2}')" != "$gecko_want" ]; then
    say "cargo install geckodriver $gecko_want"
    # --locked: the dependency versions geckodriver was released with (retried
    # without it should they no longer resolve). --force: replaces another version.
    cargo install --force --locked geckodriver --version "$gecko_want" \
      || cargo install --force geckodriver --version "$gecko_want"
  fi
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci"
    npm ci --no-audit --no-fund
  fi
}

build() {
  say "cargo build (wasm, release)"
  cargo build --lib --release --target "$WASM_TARGET"
  say "wasm-bindgen"
  rm -rf "$DIST"
  mkdir -p "$DIST/pkg"
  # One classic-script glue (global `wasm_bindgen`) serves every context:
  # content scripts (injected files), the service worker (importScripts),
  # Firefox's background scripts and plain pages.
  wasm-bindgen --target no-modules --no-typescript --remove-name-section --remove-producers-section --out-dir "$DIST/pkg" \
    "target/$WASM_TARGET/release/pith.wasm"

  say "assemble dist/chrome, dist/firefox, dist/www"
  for browser in chrome firefox; do
    mkdir -p "$DIST/$browser"
    cp -R extension/. "$DIST/$browser/"
    cp -R "$DIST/pkg" "$DIST/$browser/pkg"
  done
  cp manifest.json "$DIST/chrome/manifest.json"
  node tools/firefox-manifest.mjs manifest.json > "$DIST/firefox/manifest.json"
  mkdir -p "$DIST/www"
  cp -R www/. "$DIST/www/"
  cp -R "$DIST/pkg" "$DIST/www/pkg"
  rm -rf "$DIST/pkg"
  printf 'wasm: %s bytes\n' "$(stat -c %s "$DIST/chrome/pkg/pith_bg.wasm")"
  echo "built: dist/chrome (unpacked extension), dist/firefox, dist/www (playground)"
}

run_tests() {
  setup
  build
  say "native tests (cargo test)"
  cargo test
  # The lab's own tests (training, scoring, the generated pages a model
  # must read right: tools/lab/src/synthetic.rs).
  cargo test -p pith-lab
  say "wasm tests (wasm-bindgen-test in headless Chromium)"
  WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/wasm/webdriver.json" \
  WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --target "$WASM_TARGET" --test wasm
  say "end-to-end tests (Playwright, Debian Chromium)"
  node --test --test-concurrency=1 tests/e2e/ tests/eval/
  local set
  for set in readability wcxb-dev; do
    if [ ! -d "$DATASETS/$set" ]; then
      echo "build.sh: $DATASETS/$set not found; set PITH_DATASETS to the datasets folder" >&2
      exit 1
    fi
  done
  # Both gates run, whatever the first one says; either failing fails the test.
  local failed=0
  say "evaluation gate (readability set, shingle F1)"
  node tests/eval/run.mjs "$DATASETS/readability" --out "$ROOT/eval-out/readability" \
    --gate tests/eval/baseline.json || failed=1
  say "evaluation gate (wcxb-dev CI sample, word F1)"
  node tests/eval/make-ci-sample.mjs "$DATASETS/wcxb-dev" --check || failed=1
  node tests/eval/run.mjs "$DATASETS/wcxb-dev" --ids-file tests/eval/wcxb-ci-sample.json \
    --out "$ROOT/eval-out/wcxb-dev-ci" --gate tests/eval/baseline.json --gate-key wcxb-dev-ci || failed=1
  [ "$failed" = 0 ] || { echo "build.sh: an evaluation gate failed (see above)" >&2; exit 1; }
}

case "${1:-build}" in
  build) setup; build ;;
  test) run_tests ;;
  serve)
    setup; build
    port="${2:-8080}"
    echo "Pith playground: http://127.0.0.1:$port/"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$DIST/www"
    ;;
  eval)
    shift
    [ $# -ge 1 ] || { echo "usage: ./build.sh eval DATASET_DIR [--out DIR] [--gate BASELINE.json [--gate-key KEY]] [--ids a,b] [--ids-file IDS.json] [--limit N]" >&2; exit 2; }
    setup; build
    exec node tests/eval/run.mjs "$@"
    ;;
  facts)
    shift
    [ $# -ge 1 ] || { echo "usage: ./build.sh facts DATASET_DIR [--out DIR] [--ids a,b] [--limit N]" >&2; exit 2; }
    setup; build
    exec node tests/eval/dump-facts.mjs "$@"
    ;;
  train)
    shift
    refresh=""
    if [ "${1:-}" = "--refresh-facts" ]; then refresh=1; shift; fi
    setup; build
    for set in readability cleanportaleval wcxb-dev; do
      if [ -n "$refresh" ] || [ ! -d "$ROOT/eval-out/facts/$set" ]; then
        say "facts: $set"
        rm -rf "$ROOT/eval-out/facts/$set"
        node tests/eval/dump-facts.mjs "$DATASETS/$set"
      fi
    done
    say "train (tools/lab)"
    PITH_DATASETS="$DATASETS" cargo run --profile lab -p pith-lab -- train --write "$@"
    build
    ;;
  bench)
    shift
    setup; build
    # Default: readability (130 pages) and every 10th wcxb-dev page (150),
    # the growth pages (1k to 1M elements) and the 200,000-element page in
    # the extension. Options pass through (tests/eval/bench.mjs).
    if [ $# -eq 0 ] || [[ "$1" == --* ]]; then
      set -- "$DATASETS/readability" "$DATASETS/wcxb-dev@10" "$@"
    fi
    exec node tests/eval/bench.mjs "$@"
    ;;
  *) echo "usage: ./build.sh [build|test|serve [PORT]|eval DATASET_DIR [--out DIR] [--gate …] [--ids-file …]|facts DATASET_DIR [--out DIR]|train [--refresh-facts]|bench [DATASET_DIR[@K]…] [--runs N]]" >&2; exit 2 ;;
esac
