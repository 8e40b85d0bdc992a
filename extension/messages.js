// Every message between Pith's parts, in one place, named by direction:
//   BG = background (service worker / Firefox background scripts)
//   CS = content script (injected into the page on demand)
//   UI = extension pages (reader view; later the devtools panel)
// A classic script: it defines the global `PithMessages` in whatever context
// loads it (importScripts, an injected file, a <script> tag).

/**
 * @typedef {Object} ExtractOptions
 * @property {boolean} [scores]  include the per-node score table (default true)
 *
 * @typedef {Object} Timing        milliseconds, measured in the page with performance.now()
 * @property {number} initMs       loading the wasm core (0 once loaded in this page)
 * @property {number} walkMs       reading the page (web-sys walk into the model, or the JS walker)
 * @property {number} scoreMs      scoring and building the article (on the JS-walker path:
 *                                 the round trip to the background, facts sent as JSON)
 * @property {number} extractMs    walk + score
 * @property {number} totalMs
 *
 * @typedef {Object} ContentResult   what the content script answers to BG_CS_EXTRACT
 * @property {boolean} ok
 * @property {'wasm'|'js-walker'} [path]  which front-end read the page
 * @property {Object} [extraction]        the core's Extraction (see src/extract.rs)
 * @property {Timing} [timing]
 * @property {string} [wasmError]         why wasm could not run in the page (js-walker path)
 * @property {string} [error]             set when ok is false
 *
 * @typedef {Object} ReaderResult    a ContentResult cut to what the reader shows:
 *   {ok, path, timing, extraction: {title, byline, lang, dir, siteName,
 *   publishedTime, readerable, wordCount, blocks: [{kind, level, text}]}} or {ok: false, error}
 *
 * @typedef {Object} StoredArticle   what the reader view reads from storage.session
 * @property {ReaderResult} result
 * @property {string} sourceUrl
 * @property {string} sourceTitle
 * @property {number} createdAt
 */

// eslint-disable-next-line no-var
var PithMessages = Object.freeze({
  /**
   * BG → CS: is the content script in this tab? `{type}` → `{ready: true}`;
   * without a content script the message fails ("Receiving end does not
   * exist") and the background injects it.
   */
  BG_CS_PING: 'pith:bg-cs-ping',

  /** BG → CS: extract this page. `{type, options: ExtractOptions}` → ContentResult */
  BG_CS_EXTRACT: 'pith:bg-cs-extract',

  /**
   * CS → BG: the page blocks WebAssembly; score these facts (read by the JS
   * walker) with the wasm core. `{type, facts: string (PageFacts as JSON), options}` →
   * `{ok: true, extraction} | {ok: false, error}`
   */
  CS_BG_SCORE_FACTS: 'pith:cs-bg-score-facts',

  /**
   * CS → BG: the result of a toolbar click's read, sent by the function the
   * background runs in the content script's world (extractInPage in
   * background/service-worker.js), so that it wakes a stopped worker.
   * `{type, jobId: string, result: ContentResult}` → `{ok: boolean, error?: string}`
   */
  CS_BG_EXTRACTED: 'pith:cs-bg-extracted',
});

/**
 * Key prefix of articles (StoredArticle) kept in chrome.storage.session: the
 * background writes one per toolbar click, the reader view reads it by the
 * key in its URL (extension pages read session storage directly).
 */
// eslint-disable-next-line no-var
var PITH_ARTICLE_KEY_PREFIX = 'pith-article:';
