// The two in-page paths, each run once and timed: evaluated in the page
// (their sources are sent, so each is self-contained), by the bench
// (tests/eval/bench.mjs) and tests/eval/inpage-paths.mjs. The page needs
// the wasm glue (`wasm_bindgen`, initialised) and, for the first, the JS
// walker (`PithWalker`).

/**
 * The extension's in-page path (extension/content/content.js): the JS
 * walker over `doc`, then its packed facts into the core (`extractPacked`).
 * Returns the two times, the extraction and the walker's output.
 */
export function timedPacked(doc) {
  let t = performance.now();
  const js = PithWalker.walk(doc);
  const walk = performance.now() - t;
  t = performance.now();
  const ex = wasm_bindgen.extractPacked(js.packed.strings, js.packed.numbers, { scores: false });
  return { walk, extract: performance.now() - t, ex, js };
}

/**
 * The core's own walker (web-sys, `walkDocument`) over `doc`, then one
 * extraction of the live page. Returns the two times and the extraction.
 */
export function timedExtract(doc) {
  let t = performance.now();
  const live = wasm_bindgen.walkDocument(doc);
  const walk = performance.now() - t;
  t = performance.now();
  const ex = live.extract({ scores: false });
  const extract = performance.now() - t;
  live.free();
  return { walk, extract, ex };
}
