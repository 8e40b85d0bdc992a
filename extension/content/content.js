// The content script, injected on demand (toolbar click) after
// pkg/pith.js (global `wasm_bindgen`), messages.js and content/walker.js.
//
// Two paths to an extraction:
//  1. wasm: the core walks the live DOM through web-sys and scores it here;
//  2. js-walker: where the page's Content-Security-Policy forbids WebAssembly
//     in content scripts (Chromium applies a page's `script-src` without
//     'wasm-unsafe-eval' to them), walker.js reads the same facts and the
//     background scores them with the same wasm core.
// Node ids in the result index the walked DOM nodes, whichever path ran
// (for the overlay and speech to come).
//
// Whether it is already in the tab is never read from a global name: a
// page's element ids are window properties in the content script's world
// too (`<div id="PithContent">` would answer `typeof PithContent`). The
// background asks with a message (BG_CS_PING) instead, and the script marks
// itself under a symbol, which no element id can shadow.

(() => {
  const INSTALLED = Symbol.for('pith.content');
  if (globalThis[INSTALLED]) return;

  /** @type {Promise<{ok: boolean, error?: string}> | null} */
  let wasmInit = null;
  /** The last walk: a wasm LivePage or the JS walker's node list. */
  let livePage = null;
  let walkedNodes = null;

  function initWasm() {
    wasmInit ??= wasm_bindgen({ module_or_path: chrome.runtime.getURL('pkg/pith_bg.wasm') })
      .then(() => ({ ok: true }), (e) => ({ ok: false, error: `${e && e.name}: ${e && e.message}` }));
    return wasmInit;
  }

  function forgetLastWalk() {
    if (livePage) livePage.free();
    livePage = null;
    walkedNodes = null;
  }

  /**
   * Extracts the page.
   * @param {Object} [options] ExtractOptions
   * @returns {Promise<Object>} ContentResult
   */
  async function extract(options = {}) {
    const t0 = performance.now();
    const init = await initWasm();
    const t1 = performance.now();
    forgetLastWalk();
    if (init.ok) {
      livePage = wasm_bindgen.walkDocument(document);
      const tWalk = performance.now();
      const extraction = livePage.extract(options);
      const t2 = performance.now();
      return {
        ok: true, path: 'wasm', extraction,
        timing: { initMs: t1 - t0, walkMs: tWalk - t1, scoreMs: t2 - tWalk, extractMs: t2 - t1, totalMs: t2 - t0 },
      };
    }
    const { facts, nodes } = PithWalker.walk(document);
    const tWalk = performance.now();
    walkedNodes = nodes;
    // As JSON text: the core parses one string much faster than it reads
    // an object field by field across the wasm boundary.
    const reply = await chrome.runtime.sendMessage({
      type: PithMessages.CS_BG_SCORE_FACTS, facts: JSON.stringify(facts), options,
    });
    const t2 = performance.now();
    if (!reply || !reply.ok) throw new Error(reply ? reply.error : 'pith: no reply from the background');
    return {
      ok: true, path: 'js-walker', extraction: reply.extraction, wasmError: init.error,
      timing: { initMs: t1 - t0, walkMs: tWalk - t1, scoreMs: t2 - tWalk, extractMs: t2 - t1, totalMs: t2 - t0 },
    };
  }

  /** The DOM node with id `id` in the last extraction. */
  function node(id) {
    if (livePage) return livePage.node(id) ?? null;
    return walkedNodes ? walkedNodes[id] ?? null : null;
  }

  chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if (!message) return false;
    if (message.type === PithMessages.BG_CS_PING) {
      sendResponse({ ready: true });
      return false;
    }
    if (message.type !== PithMessages.BG_CS_EXTRACT) return false;
    extract(message.options).then(sendResponse, (e) => {
      sendResponse({ ok: false, error: String(e && e.message ? e.message : e) });
    });
    return true; // the answer comes asynchronously
  });

  globalThis[INSTALLED] = { extract, node };
})();
