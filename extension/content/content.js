// The content script, injected on demand (toolbar click) after
// messages.js and content/walker.js. The wasm core's glue (pkg/pith.js,
// global `wasm_bindgen`) comes only when the in-page path needs it: the
// content script asks the background for it (CS_BG_LOAD_CORE).
//
// walker.js reads the page's facts (packed, src/model/packed.rs) on both
// paths to an extraction; they differ in where the wasm core scores them:
//  1. js-walker: the background scores them, for pages up to
//     BACKGROUND_MAX_ELEMENTS, and wherever the page's
//     Content-Security-Policy forbids WebAssembly in content scripts
//     (Chromium applies a page's `script-src` without 'wasm-unsafe-eval' to
//     them);
//  2. wasm: the core in the page scores them (`extractPacked`), for larger
//     pages, whose facts would make a large message; above
//     PACKED_MAX_ELEMENTS the core's own walker (`walkDocument`, web-sys,
//     src/web/walk.rs) reads the page instead, building the model as it
//     reads. It reads the same facts (tests/e2e/walkers.test.mjs) and serves
//     the playground.
// `options.path` ('wasm' or 'js-walker') asks for one (tests, the devtools
// panel); the page's policy still decides whether wasm can run.
// Node ids in the result index the walked DOM nodes, whichever walker ran
// (for the overlay, the devtools panel and speech).
//
// Whether it is already in the tab is never read from a global name: a
// page's element ids are window properties in the content script's world
// too (`<div id="PithContent">` would answer `typeof PithContent`). The
// background asks with a message (BG_CS_PING) instead, and the script marks
// itself under a symbol, which no element id can shadow.

(() => {
  const INSTALLED = Symbol.for('pith.content');
  if (globalThis[INSTALLED]) return;

  /**
   * Pages of at most this many elements (`getElementsByTagName('*')`) are
   * read by the JS walker and scored by the background's core; larger ones
   * by the wasm core in the page. A page of a site not visited before runs
   * in a new renderer process, where the page's copy of the core has never
   * run: V8 executes it in its baseline tier, and it stays there for most of
   * a short extraction. The background's copy serves every tab and is
   * optimised after its first pages. Measured (2026-11-22, `./build.sh
   * eval` over 30 wcxb-dev pages, each at its own address, medians):
   * in-page wasm 33 ms to load the core + 222 ms to extract; the same pages
   * in one process (all at 127.0.0.1), 26 + 76 ms; JS walker with the
   * background's core, 116 ms (101 ms in one process), with nothing to load
   * in the page. Large pages keep the in-page path: their facts would cross
   * to the background as one JSON string of about 170 bytes per node (33 MB
   * for the 200,000-element page of tests/eval/large-page.mjs), and a long
   * walk gives V8 time to optimise the page's copy. The bound is the size of
   * the pages measured (wcxb-dev: median 697 elements) with a wide margin.
   */
  const BACKGROUND_MAX_ELEMENTS = 20000;

  /** @type {Promise<{ok: boolean, error?: string}> | null} */
  let wasmInit = null;
  /**
   * The wasm core's glue once the background has injected it (content/core.js
   * files it under this symbol). Never read from the global name
   * `wasm_bindgen`: without the glue, that is whatever element the page gave
   * that id.
   */
  const CORE = Symbol.for('pith.core');
  /**
   * Pages of more than this many elements are read in the page by the
   * core's own walker (`walkDocument`, web-sys), which builds the page model
   * as it reads; smaller ones by walker.js, whose packed facts the core
   * then reads (`extractPacked`). walker.js and `extractPacked` together
   * take less time (data-set pages: 9.6 against 10.9 ms median on
   * readability, 11.2 against 14.2 on wcxb-dev; generated pages of
   * 100,000 elements: 630–690 against 760–780 ms wide, 1,330–1,420 against
   * 1,410–1,460 deep), but not on the largest (1,000,000 elements wide: 7.5
   * to 9.5 s against 8.1, 2026-11-29; 9.4 and 12.2 µs per element against
   * 8.5 and 9.0, 2026-11-30). Their peak wasm memory was higher too while
   * the facts' copy sat under the model being built (1,000,000 elements
   * deep: 270 against 249 MiB); since the builder keeps boxes only on its
   * open path it was 198 against 195 deep and 276 against 289 wide, and
   * with the smaller model 178 against 176 and 235 against 248
   * (2026-11-30; issue 8 asks for at most 256: both walkers meet it; on
   * the wide page walker.js took 9.6 µs per element against 8.7). Measured with `node
   * tests/eval/bench.mjs --growth 10000,100000,1000000 --large 0` (the
   * growth table has both walkers; tests/eval/SPEED.md).
   */
  const PACKED_MAX_ELEMENTS = 250000;

  /** The last walk: a wasm LivePage, or walker.js's node list. */
  let livePage = null;
  let walkedNodes = null;

  /** @type {Promise<void> | null} the request for the glue, shared by concurrent reads */
  let coreLoad = null;

  /**
   * Asks the background to inject the wasm core's glue (CS_BG_LOAD_CORE),
   * once for all reads waiting on it; a failed request (a worker stopped
   * meanwhile) is forgotten, so that a retry asks again.
   */
  function loadCore() {
    coreLoad ??= chrome.runtime.sendMessage({ type: PithMessages.CS_BG_LOAD_CORE }).then((loaded) => {
      if (!loaded || !loaded.ok) throw new Error(loaded ? loaded.error : 'pith: no reply from the background');
    }).catch((e) => {
      coreLoad = null;
      throw e;
    });
    return coreLoad;
  }

  function initWasm() {
    wasmInit ??= globalThis[CORE]({ module_or_path: chrome.runtime.getURL('pkg/pith_bg.wasm') })
      .then(() => ({ ok: true }), (e) => ({ ok: false, error: `${e && e.name}: ${e && e.message}` }));
    return wasmInit;
  }

  function forgetLastWalk() {
    if (livePage) livePage.free();
    livePage = null;
    walkedNodes = null;
  }

  /**
   * The Timing of an extraction (messages.js) from its clock readings:
   * started (Date.now()), then performance.now() at the start, after
   * loading the core, after the walk and at the end.
   */
  function timing(startedAt, t0, t1, tWalk, t2) {
    return {
      initMs: t1 - t0, walkMs: tWalk - t1, scoreMs: t2 - tWalk, extractMs: t2 - t1, totalMs: t2 - t0,
      startedAt, endedAt: Date.now(),
    };
  }

  /**
   * Extracts the page.
   * @param {Object} [options] ExtractOptions
   * @param {{jobId: string, activated: boolean|null}} [job] the toolbar
   *   click's read (extractInPage): on the JS-walker path the background may
   *   take the job over when the facts arrive (it opens the reader at once
   *   and scores while the reader loads); the result then says `handedOver`
   *   and carries no extraction.
   * @returns {Promise<Object>} ContentResult
   */
  async function extract(options = {}, job = null) {
    const { path: wanted, ...coreOptions } = options;
    options = coreOptions;
    const startedAt = Date.now();
    const t0 = performance.now();
    const elements = document.getElementsByTagName('*').length;
    const inPage = wanted === 'wasm' || (wanted !== 'js-walker' && elements > BACKGROUND_MAX_ELEMENTS);
    if (inPage && !globalThis[CORE]) await loadCore();
    const init = inPage ? await initWasm() : { ok: false };
    const t1 = performance.now();
    forgetLastWalk();
    if (init.ok && elements > PACKED_MAX_ELEMENTS) {
      livePage = globalThis[CORE].walkDocument(document);
      const tWalk = performance.now();
      const extraction = livePage.extract(options);
      const t2 = performance.now();
      return { ok: true, path: 'wasm', walker: 'web-sys', extraction, timing: timing(startedAt, t0, t1, tWalk, t2) };
    }
    const { packed, nodes } = PithWalker.walk(document);
    const tWalk = performance.now();
    walkedNodes = nodes;
    if (init.ok) {
      const extraction = globalThis[CORE].extractPacked(packed.strings, packed.numbers, options);
      const t2 = performance.now();
      return {
        ok: true, path: 'wasm', walker: 'walker.js', extraction,
        timing: timing(startedAt, t0, t1, tWalk, t2),
      };
    }
    // Packed (src/model/packed.rs): one string and one array of numbers,
    // which the core reads without parsing JSON.
    let reply;
    try {
      reply = await chrome.runtime.sendMessage({
        type: PithMessages.CS_BG_SCORE_FACTS, facts: packed, options,
        ...(job ? { jobId: job.jobId, activated: job.activated, walkMs: tWalk - t1, initMs: t1 - t0, startedAt } : {}),
      });
    } catch (e) {
      // Chromium refuses a message over 64 MiB (thrown at the call): a page
      // of tens of millions of characters. Scoring it in the page instead
      // would take tens of seconds and end the same way (the reader keeps
      // articles in storage.session, 10 MB), so say so at once.
      if (/maximum allowed size/i.test(String(e && e.message))) {
        const millions = Math.round(packed.strings.length / 1e6);
        throw new Error(`its text is too long (${millions} million characters)`);
      }
      throw e;
    }
    const t2 = performance.now();
    if (!reply || !reply.ok) throw new Error(reply ? reply.error : 'pith: no reply from the background');
    if (reply.handedOver) {
      return { ok: true, path: 'js-walker', walker: 'walker.js', handedOver: true, timing: timing(startedAt, t0, t1, tWalk, t2) };
    }
    return {
      ok: true, path: 'js-walker', walker: 'walker.js', extraction: reply.extraction, wasmError: init.error,
      timing: timing(startedAt, t0, t1, tWalk, t2),
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
