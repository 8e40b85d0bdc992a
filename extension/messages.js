// Every message between Pith's parts, in one place, named by direction:
//   BG = background (service worker / Firefox background scripts)
//   CS = content script (injected into the page on demand)
//   UI = extension pages (reader view, devtools panel)
// A classic script: it defines the global `PithMessages` in whatever context
// loads it (importScripts, an injected file, a <script> tag).
//
// Messages are structured clones in both browsers (Chromium 148+ through the
// manifest's `message_serialization`, Firefox always; older Chromium falls
// back to JSON): send plain data only (no functions, no DOM nodes), and
// missing values as null, which both serialisations keep. Measured
// (2026-11-25, 300 wcxb-dev pages, JSON and clones alternated twice): the
// JS-walker path's round trip to the background, 23.3 / 23.0 → 19.7 /
// 21.1 ms median, 70 / 69 → 57 / 59 ms p95.

/**
 * @typedef {Object} ExtractOptions
 * @property {boolean} [scores]  include the per-node score table (default true)
 * @property {'wasm'|'js-walker'} [path]  where the core scores the page: 'wasm' in the page,
 *                                'js-walker' in the background (default: by its size, see
 *                                BACKGROUND_MAX_ELEMENTS in content/content.js); 'wasm' falls
 *                                back to the background where the page forbids wasm
 *
 * @typedef {Object} Timing        milliseconds, measured in the page with performance.now()
 * @property {number} initMs       loading the wasm core (0 once loaded in this page)
 * @property {number} walkMs       reading the page (content/walker.js; above PACKED_MAX_ELEMENTS, content.js, the core's web-sys walk)
 * @property {number} scoreMs      scoring and building the article (on the JS-walker path:
 *                                 the round trip to the background, facts sent packed)
 * @property {number} extractMs    walk + score
 * @property {number} totalMs
 * @property {number} [startedAt]  Date.now() when the content script began (the
 *                                 bench splits a click's time with it)
 * @property {number} [endedAt]    Date.now() when it had the extraction
 *
 * @typedef {Object} ContentResult   what the content script answers to BG_CS_EXTRACT
 * @property {boolean} ok
 * @property {'wasm'|'js-walker'} [path]  where the core scored the page: 'wasm' in the page, 'js-walker' in the background
 * @property {'walker.js'|'web-sys'} [walker]  what read the page: content/walker.js, or (in the page,
 *                                         above PACKED_MAX_ELEMENTS in content/content.js) the core's own walk
 * @property {Object} [extraction]        the core's Extraction (see src/extract.rs)
 * @property {Timing} [timing]
 * @property {string} [wasmError]         why wasm could not run in the page (js-walker path
 *                                         taken because the wasm path failed)
 * @property {string} [error]             set when ok is false
 *
 * @typedef {Object} ReaderResult    a ContentResult cut to what the reader shows:
 *   {ok: true, path, timing, extraction: ReaderExtraction}
 *   or {ok: false, error: string, reason?: 'restricted'|'not-html'|'failed'}
 *   (`restricted`: a page no extension may read, such as browser pages, the
 *   PDF viewer, the web store; `not-html`: an image, text or XML document;
 *   `failed`: anything else, `error` says what).
 *
 * @typedef {Object} ReaderExtraction   the core's Extraction (src/extract.rs) without the score table
 * @property {string} url                the page's address
 * @property {string} title            as the page's metadata gives it (JSON-LD, og:title, <title>)
 * @property {string} headline         the title without the site's name: what the reader shows
 * @property {string|null} byline
 * @property {string|null} lang          BCP 47, from the page
 * @property {string|null} dir           'ltr' | 'rtl' | 'auto'
 * @property {string|null} siteName
 * @property {string|null} publishedTime  as the page gives it (ISO 8601 mostly)
 * @property {string|null} excerpt
 * @property {string|null} leadImage     absolute http(s) URL
 * @property {boolean} readerable        false: no long running text on the page (readerableReason says why)
 * @property {string} readerableReason
 * @property {'article'|'content'|'notice'} shows  what the reader shows (src/decision/mod.rs `shows`):
 *                                       the article; the content of a page without long running text
 *                                       (a collection's items, a service's sections), naming the page's
 *                                       kind; or a notice with readerableReason, and the blocks only
 *                                       when the user asks for the best candidate. Absent (an older
 *                                       stored article): 'notice' where readerable is false.
 * @property {{kind: string}} pageType   kind: article|service|product|collection|forum|listing|documentation
 * @property {number} wordCount
 * @property {Block[]} blocks            the article, in reading order (headline and byline not included)
 * @property {{name: string, value: string, inArticle: boolean}[]} records
 *                                       attribute–value pairs of a product page (a definition list);
 *                                       inArticle: the article's blocks show it already (a kept
 *                                       specifications table), so the reader and exports skip it
 *
 * The article format (src/article.rs). Typed data, never markup: every
 * string is text. Every block has `kind` and `nodes` (ids of the page nodes
 * it came from, for the overlay and speech). URLs are absolute and already
 * filtered by the core (links: http, https, mailto; images: http, https,
 * data:image/ of raster types); the reader checks them again.
 *
 * @typedef {Object} Block
 * @property {'heading'|'paragraph'|'list'|'quote'|'code'|'table'|'figure'|'rule'|'definitions'} kind
 * @property {number[]} nodes
 * heading:     {level: 1..6, inlines: Inline[], text: string, sentences: number[]}
 * paragraph:   {inlines: Inline[], text: string, sentences: number[], role?: 'postHeader'}
 *              role postHeader: a line of a forum post's header (author, standing, date),
 *              shown small above the post's text (also where the page made the
 *              name a heading or the date a list's item, nested lists included: one
 *              paragraph a line; a line the header says twice, or says again with
 *              more, as "Posted August 26 (edited)" does "Posted August 26", once)
 * list:        {ordered: boolean, start?: number, items: {blocks: Block[], nodes: number[]}[]}
 * quote:       {blocks: Block[]}
 * code:        {text: string (lines joined by \n, spacing kept), lang?: string}
 * table:       {caption: Inline[], rows: {head: boolean, cells: {header: boolean,
 *               colspan: number, rowspan: number, inlines: Inline[], text: string, sentences: number[]}[]}[]}
 * figure:      {images: {src: string, alt: string, width?: number, height?: number}[], caption: Inline[],
 *               captionSentences: number[]}
 * rule:        {}  (nodes: the page's <hr>, or none: a rule between a forum's posts)
 * definitions: {items: {term: Inline[], details: Inline[][]}[]}
 *
 * sentences (format 4): the text's sentences as flat UTF-16 ranges
 * [start, end, start, end, …] over the text as the reader renders the inline
 * runs (a break is one unit, "\n"), trimmed (src/sentences.rs); for Listen.
 * In a StoredArticle they are packed into a string (service-worker.js
 * packRanges: each number minus the one before, base 36, comma-separated).
 *
 * @typedef {Object} Inline
 * @property {'text'|'link'|'emphasis'|'strong'|'code'|'sub'|'sup'|'break'} kind
 * text:    {text: string}
 * link:    {href: string, children: Inline[]}
 * emphasis, strong, code, sub, sup: {children: Inline[]}
 * break:   {}  (a line break)
 *
 * @typedef {Object} StoredArticle   what the reader view reads from storage.session
 * @property {ReaderResult} result
 * @property {string} sourceUrl
 * @property {string} sourceTitle
 * @property {number} createdAt
 * @property {boolean} [backSkipsPage]  the browser's Back would skip the page (Chromium skips
 *                                      pages the user never interacted with after an extension
 *                                      navigated away from them): returning reloads sourceUrl
 * @property {boolean} [pending]  the background has opened the reader and is still scoring
 *                                the page (no `result` yet): the reader waits for this key's
 *                                next value (CS_BG_SCORE_FACTS)
 */

/**
 * chrome.storage.local keys:
 *   PITH_SETTINGS_KEY → ReaderSettings (owned by the reader view):
 *     {theme: 'system'|'light'|'sepia'|'dark', font: 'serif'|'sans'|'mono',
 *      size: number (px), lineHeight: number, width: number (ch), images: boolean}
 *   PITH_LISTEN_KEY → ListenSettings (owned by the reader's Listen bar, settings.js normalizeListen):
 *     {rate: number (0.5–3), pitch: number (0.5–2),
 *      voices: {[language subtag, e.g. "de"]: voice id (voiceURI)} (the voice chosen per language),
 *      captions: boolean (image captions read aloud), skipCode: boolean (a spoken mark instead)}
 *   PITH_ALWAYS_OPEN_KEY → string[] of origins ("https://example.com") whose
 *     pages open in the reader view by themselves (owned by the background;
 *     the reader changes it only through UI_BG_SET_ALWAYS_OPEN).
 */
// eslint-disable-next-line no-var
var PITH_SETTINGS_KEY = 'pith-settings';
// eslint-disable-next-line no-var
var PITH_ALWAYS_OPEN_KEY = 'pith-always-open';
// eslint-disable-next-line no-var
var PITH_LISTEN_KEY = 'pith-listen';

// eslint-disable-next-line no-var
var PithMessages = Object.freeze({
  /**
   * BG → CS: is the content script in this tab? `{type}` → `{ready: true}`;
   * without a content script the message fails ("Receiving end does not
   * exist") and the background injects it. Asked only of tabs the worker
   * injected before: a tab it never did is injected at once.
   */
  BG_CS_PING: 'pith:bg-cs-ping',

  /** BG → CS: extract this page. `{type, options: ExtractOptions}` → ContentResult */
  BG_CS_EXTRACT: 'pith:bg-cs-extract',

  /**
   * CS → BG: score these facts (read by the JS walker: a page of up to
   * 20,000 elements, or one that blocks WebAssembly) with the background's
   * wasm core. `{type, facts: {strings: string, numbers: number[]} (packed
   * facts, src/model/packed.rs), options}` →
   * `{ok: true, extraction} | {ok: false, error}`.
   *
   * A toolbar click's read adds `{jobId, activated, startedAt, initMs,
   * walkMs}` (see CS_BG_EXTRACTED): the background may then take the job
   * over, opening the reader before it scores, so that the reader page
   * loads while the core runs; it answers `{ok: true, handedOver: true}`
   * and stores the article itself (StoredArticle.pending until then).
   */
  CS_BG_SCORE_FACTS: 'pith:cs-bg-score-facts',

  /**
   * CS → BG: the in-page path was chosen and the wasm core's glue is not in
   * this page yet: inject it (pkg/pith.js, content/core.js) into the
   * sender's tab. `{type}` → `{ok: true} | {ok: false, error}` once injected.
   * A message, so that it wakes a stopped worker.
   */
  CS_BG_LOAD_CORE: 'pith:cs-bg-load-core',

  /**
   * CS → BG: the result of a toolbar click's read, sent by the function the
   * background runs in the content script's world (extractInPage in
   * background/service-worker.js), so that it wakes a stopped worker.
   * `{type, jobId: string, result: ContentResult, activated: boolean|null}` →
   * `{ok: boolean, error?: string}`; `activated`: the user has interacted with
   * the page (navigator.userActivation.hasBeenActive; null where unknown).
   */
  CS_BG_EXTRACTED: 'pith:cs-bg-extracted',

  /**
   * UI → BG: switch "always open in reader view" for an origin. The reader
   * asks for the origin's host permission first (chrome.permissions.request,
   * in the click's user gesture); the background records the origin and
   * (un)registers the content script that opens such pages in the reader.
   * `{type, origin: string, on: boolean}` → `{ok: boolean, error?: string}`
   */
  UI_BG_SET_ALWAYS_OPEN: 'pith:ui-bg-set-always-open',

  /**
   * CS → BG: a page of an "always open" origin has loaded (content/auto.js,
   * registered by the background). `{type}` → nothing; the background opens
   * the reader for the sender's tab unless the user came back from it.
   */
  CS_BG_AUTO_OPEN: 'pith:cs-bg-auto-open',

  /**
   * UI → BG: leave the reader view for the page it was made from (Escape,
   * the "back to page" link). `{type}` → `{ok}`; the background goes back in
   * the tab's history, or loads the page when there is none.
   */
  UI_BG_RETURN: 'pith:ui-bg-return',

  // --- See the decision: the on-page overlay and the devtools panel ---
  // (content/overlay.js answers the CS messages; types below, SeeOptions …)

  /**
   * BG → CS (content/overlay.js): switch the overlay. `{type, on: boolean|'toggle',
   * options?: SeeOptions}` → `{ok, on: boolean} | {ok: false, error}`
   */
  BG_CS_OVERLAY: 'pith:bg-cs-overlay',

  /**
   * UI → BG: the devtools panel (or the reader's "show on page" button)
   * needs Pith in a tab: the background injects the content script and
   * content/overlay.js. `{type, tabId: number, overlay?: boolean}` →
   * `{ok: true} | {ok: false, error, reason?: 'restricted'|'no-access'}`
   * (no-access: the extension has no access to the tab's page: a click on
   * the toolbar button or "allow on this site" gives it).
   */
  UI_BG_SEE_ATTACH: 'pith:ui-bg-see-attach',

  /**
   * UI → CS (devtools panel → content/overlay.js, chrome.tabs.sendMessage
   * to the inspected tab's top frame): extract with the score table and these
   * options; the overlay, when on, is redrawn from the result.
   * `{type, options: SeeOptions}` → SeeResult
   */
  UI_CS_SEE_EXTRACT: 'pith:ui-cs-see-extract',

  /**
   * UI → CS: outline node `node` on the page (the panel's selected row;
   * null clears it). `{type, node: number|null}` → `{ok: true}`
   */
  UI_CS_SEE_SELECT: 'pith:ui-cs-see-select',

  /**
   * UI → BG: the reader's "show on page": return to the page, then switch
   * the overlay on there. `{type}` → `{ok}` (the reader asks for the site's
   * access first, in the click, as "always open" does).
   */
  UI_BG_SHOW_ON_PAGE: 'pith:ui-bg-show-on-page',
});

/**
 * @typedef {Object} SeeOptions      ExtractOptions with the tunable parameters
 * @property {Object<string, number>} [params]  overrides by key (the core's
 *                                   parameters(): ParamSpec list, src/params.rs);
 *                                   absent keys keep their defaults
 *
 * @typedef {Object} SeeResult       a ContentResult whose extraction has `scores`
 *   (columns: ColumnSpec[], rows: {node, parent, tag, values, content, reason}[],
 *   page: {column, value}[]), plus `overlay: boolean` (whether the overlay is on)
 *
 * Devtools eval contract (chrome.devtools.inspectedWindow.eval with
 * useContentScriptContext: true): content/overlay.js marks itself under
 * Symbol.for('pith.see') with idOfNode(domNode) → {node} | {node: null, reason}
 * and nodeOf(id) → DOM node; the panel evaluates
 * `globalThis[Symbol.for('pith.see')].idOfNode($0)` on a selection in the
 * Elements panel and `inspect(globalThis[Symbol.for('pith.see')].nodeOf(id))`
 * to reveal a row's element.
 */

/**
 * Key prefix of articles (StoredArticle) kept in chrome.storage.session: the
 * background writes one per toolbar click, the reader view reads it by the
 * key in its URL (extension pages read session storage directly).
 */
// eslint-disable-next-line no-var
var PITH_ARTICLE_KEY_PREFIX = 'pith-article:';
