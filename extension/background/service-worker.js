// The background: a service worker in Chromium; in Firefox the same file runs
// as a background script after pkg/pith.js and messages.js (see
// tools/firefox-manifest.mjs).
//
// It injects the content script when the toolbar button (or the keyboard
// shortcut, or an "always open" site's page) asks, scores facts for pages
// where wasm cannot run in the page, and opens the reader in the page's own
// tab, so that the browser's Back button returns to the page.
//
// A click's read of a page (a "job") must end in the reader, or in nothing
// when the page was closed or left meanwhile, even if the browser stops this worker
// in the middle (MV3 workers are stopped when idle, under memory pressure, or
// by devtools; a large page takes seconds to read). So the page reports its
// result with a message, which wakes a stopped worker, rather than in the
// reply to the worker's call, which dies with it; and the job is recorded in
// storage.session, which outlives the worker, so that the new worker knows
// the result answers a click (see openReader and finishJob).

if (typeof importScripts === 'function' && typeof wasm_bindgen === 'undefined') {
  importScripts('../pkg/pith.js', '../messages.js');
}

/**
 * Files injected into the page, in order (see content/content.js). Each may
 * run again in a page that has them: content.js keeps its first instance
 * (under a symbol), the others define only `var`s.
 */
const CONTENT_FILES = ['messages.js', 'content/walker.js', 'content/content.js'];
/**
 * The wasm core's glue, injected only when the content script asks for it
 * (CS_BG_LOAD_CORE: the in-page path, for pages over BACKGROUND_MAX_ELEMENTS
 * or by the read-path setting): most pages take the JS walker and never need
 * it. Once per page: its top-level `let` cannot be declared twice. Measured
 * (scratch probe over 41 wcxb-dev pages at their own addresses, headless
 * Chromium, 2026-11-22, medians): injecting the four files took 27 ms, the
 * three without the glue 18 ms.
 */
const CORE_FILES = ['pkg/pith.js', 'content/core.js'];

/**
 * Tabs this worker has injected CONTENT_FILES into, for the document they
 * showed then (forgotten when the tab loads another, or closes). A tab not
 * listed is injected without asking first: on a first click the answer is
 * always "not there", and the question cost a message round trip (5–8 ms,
 * same probe). A listed tab is asked (BG_CS_PING), since its document may
 * have changed without a load (a restored page, a worker restarted).
 */
const injectedTabs = new Set();
chrome.tabs.onUpdated.addListener((tabId, change) => {
  if (change.status === 'loading') injectedTabs.delete(tabId);
  // A page has loaded: a click may follow while this worker lives (see warmUpCore).
  else if (change.status === 'complete') warmUpCore(WARM_UP_RUNS_ON_LOAD);
});
chrome.tabs.onRemoved.addListener((tabId) => injectedTabs.delete(tabId));
/**
 * The tab permission a click grants (activeTab) reaches the page's renderer
 * asynchronously: an injection right after the click can be refused with
 * "Cannot access contents of the page". Measured in headless Chromium 156:
 * refused in about one run of three when injecting within 5 ms of the click;
 * retrying every 50 ms for up to this many attempts always got through.
 */
const INJECT_ATTEMPTS = 8;
const INJECT_RETRY_MS = 50;
/**
 * Articles kept for reader tabs (a reload re-reads its article); older ones
 * are dropped. chrome.storage.session holds 10 MB; a typical article's text
 * is 5–50 KB, so 20 leave room for one very long page. When the quota is hit
 * anyway, every older article is dropped and the write retried.
 */
const MAX_STORED_ARTICLES = 20;
/** The reader page; a click on its tab returns to the page (the button toggles). */
const READER_PAGE = 'ui/reader.html';
/**
 * The schemes of pages an extension may read. Everything else (chrome:,
 * about:, view-source:, data:, other extensions' pages...) is a browser page
 * no extension can script: the reader says so without trying.
 */
const READABLE_SCHEMES = new Set(['http:', 'https:', 'file:']);
/**
 * Hosts whose pages browsers keep from every extension (the add-on stores):
 * Chromium refuses "The extensions gallery cannot be scripted", Firefox
 * blocks addons.mozilla.org (its `extensions.webextensions.restrictedDomains`).
 */
const RESTRICTED_HOSTS = new Set(['chromewebstore.google.com', 'chrome.google.com', 'addons.mozilla.org']);
/**
 * The keyboard command (manifest.json "commands") that does what the
 * toolbar button does.
 */
const READ_COMMAND = 'read-page';
/** The id of the registered content script of "always open" sites. */
const AUTO_OPEN_SCRIPT_ID = 'pith-auto-open';
/** What it runs: content/auto.js asks for the reader (CS_BG_AUTO_OPEN). */
const AUTO_OPEN_FILES = ['content/auto.js'];
/**
 * Key prefix, in storage.session, of the addresses auto-opened in a tab:
 * `pith-auto:<tabId>` → string[] (without #fragment). A page whose address is
 * there was sent to the reader already; when it loads again (the user came
 * back with Back, the button or Escape; a reload) it stays. Session storage,
 * because a new worker must remember it too.
 */
const AUTO_KEY_PREFIX = 'pith-auto:';
/**
 * Addresses remembered per tab (the oldest are forgotten): enough for a
 * long browsing session in one tab, small next to the session quota.
 */
const MAX_AUTO_URLS = 50;
/** Shown on the toolbar button while a page is read (large pages take seconds). */
const BUSY_BADGE = '…';
/**
 * Key prefix of job records in storage.session, one per tab being read:
 * `pith-job:<tabId>` → {id, startedAt}. Only the job recorded for a tab may
 * open its reader: a result for an older job (a click that was replaced) or
 * a second delivery of the same result is dropped.
 */
const JOB_KEY_PREFIX = 'pith-job:';
/**
 * A click on a page whose read is still running repeats it (a double click,
 * an impatient user) and is ignored, so one reader tab opens; the busy badge
 * says the read goes on. After this long a read is taken as stuck and a click
 * starts it over: the largest pages measured (180,000 elements) took about
 * 20 s from click to reader in headless Chromium 156.
 */
const STUCK_READ_MS = 30000;
/**
 * The button's tooltip on a tab while its page is read: what the badge
 * means, and what a click does then. The manifest's title comes back when
 * the read ends.
 */
const BUSY_TITLE = `Pith is reading this page… (a click after ${STUCK_READ_MS / 1000} seconds starts over)`;
/**
 * How many times the page tries each of the two steps that need this worker,
 * when it was stopped meanwhile (the message fails): scoring on the JS-walker
 * path and reporting the result. One retry suffices: it starts a new worker.
 */
const PAGE_ATTEMPTS = 2;
/** The button's tooltip when no read runs: the manifest's. */
const IDLE_TITLE = (chrome.runtime.getManifest().action || {}).default_title || 'Pith';

/**
 * Marks tab `tabId`'s toolbar button busy (the badge and its tooltip) or
 * not. Each tab's own: a page read in one tab leaves the others' buttons
 * as they were.
 */
function setBusy(tabId, busy) {
  return Promise.all([
    chrome.action.setBadgeText({ tabId, text: busy ? BUSY_BADGE : '' }),
    chrome.action.setTitle({ tabId, title: busy ? BUSY_TITLE : IDLE_TITLE }),
  ]);
}

const wasmReady = wasm_bindgen({ module_or_path: chrome.runtime.getURL('pkg/pith_bg.wasm') });

/**
 * This worker's warm-up (warmUpCore): 'none' before it was asked for,
 * 'asked', then 'done' or 'failed'.
 */
let warmUpState = 'none';

/**
 * Runs the core on its own warm-up page (src/warmup.rs), once per worker:
 * a new instance compiles each function on its first call, into quick
 * unoptimised code, and optimises the functions that have run long
 * enough; the first page it scores would pay for both. An idle worker is
 * stopped after 30 s, so a click after a while on a page meets a new one.
 * Asked for when a tab has loaded a page (the worker is woken for it
 * anyway, and a click may follow while it lives): WARM_UP_RUNS_ON_LOAD
 * runs, each its own task; else by the click, one run, while the page
 * reads itself. Measured 2026-11-24 on 25 wcxb-dev pages' facts, each in a
 * fresh headless Chromium, medians: the first `extractFacts` took 62 ms;
 * after one run of the warm-up (21 ms) 19–25 ms; after five (33 ms in all)
 * 16 ms. In the extension (`tests/eval/first-click.mjs --cold`, 50 pages),
 * one run took the page's scoring message from 84 to 49 ms.
 * @param {number} runs
 */
function warmUpCore(runs = 1) {
  if (warmUpState !== 'none') return;
  warmUpState = 'asked';
  let left = runs;
  const run = () => {
    try {
      wasm_bindgen.warmUp();
    } catch (e) {
      warmUpState = 'failed';
      console.error('pith: warm-up:', e);
      return;
    }
    left -= 1;
    // One run per task: a page's facts that arrive meanwhile wait for one run at most.
    if (left > 0) setTimeout(run, 0);
    else warmUpState = 'done';
  };
  wasmReady.then(() => setTimeout(run, 0)).catch(() => { warmUpState = 'failed'; });
}

/**
 * Warm-up runs when a tab has loaded a page (warmUpCore): five runs
 * optimise what one leaves unoptimised (the first real call 16 ms instead
 * of 19–25, measured as above); twenty gave 14 ms for 88 ms of runs. A
 * click runs one: with five, the page's facts waited behind them (the
 * scoring message 61 ms instead of 43, `first-click.mjs --cold`, 50 pages).
 */
const WARM_UP_RUNS_ON_LOAD = 5;

/**
 * chrome.storage.local key of a developer setting: the path every read takes,
 * 'wasm' (the core in the page) or 'js-walker' (the JS walker, scored here);
 * absent, the page's size decides (BACKGROUND_MAX_ELEMENTS in
 * content/content.js). The end-to-end tests set it to exercise the in-page
 * path on small pages.
 */
const READ_PATH_KEY = 'pith:readPath';

/** `{path}` from the READ_PATH_KEY setting, or nothing. */
async function readPathOption() {
  const { [READ_PATH_KEY]: path } = await chrome.storage.local.get(READ_PATH_KEY);
  return path === 'wasm' || path === 'js-walker' ? { path } : {};
}

/**
 * Makes sure the content script is in the tab, then asks it to extract.
 * @param {number} tabId
 * @param {Object} [options] ExtractOptions
 * @returns {Promise<Object>} ContentResult
 */
async function extractTab(tabId, options = {}) {
  await ensureContentScript(tabId);
  options = { ...(await readPathOption()), ...options };
  const reading = chrome.tabs.sendMessage(tabId, { type: PithMessages.BG_CS_EXTRACT, options }, { frameId: 0 });
  warmUpCore();
  const result = await reading;
  if (!result) throw new Error('pith: the page did not answer');
  return result;
}

/** Injects the content script into the tab's top frame unless it is there (see injectedTabs). */
async function ensureContentScript(tabId) {
  if (injectedTabs.has(tabId) && (await contentScriptAnswers(tabId))) return;
  await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: CONTENT_FILES }));
  injectedTabs.add(tabId);
}

/**
 * Injects the wasm core's glue into the tab's top frame (see CORE_FILES).
 * Asked by the content script only while the glue is missing, one request
 * at a time (loadCore in content/content.js).
 */
async function injectCore(tabId) {
  await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: CORE_FILES }));
}

/**
 * Whether the tab's top frame runs Pith's content script: a message
 * handshake, never a name the page could define (see content/content.js).
 */
async function contentScriptAnswers(tabId) {
  try {
    const reply = await chrome.tabs.sendMessage(tabId, { type: PithMessages.BG_CS_PING }, { frameId: 0 });
    return !!(reply && reply.ready === true);
  } catch {
    return false; // no receiving end: not injected (or the page was replaced)
  }
}

/** Runs `inject`, retrying while the page refuses access (see INJECT_ATTEMPTS). */
async function withAccessRetry(inject) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inject();
    } catch (e) {
      const refused = /Cannot access contents of the page/.test(String(e && e.message));
      if (!refused || attempt >= INJECT_ATTEMPTS) throw e;
      await new Promise((ok) => setTimeout(ok, INJECT_RETRY_MS));
    }
  }
}

/** Fields of a block that hold sentence ranges (messages.js, "sentences"). */
const SENTENCE_FIELDS = new Set(['sentences', 'captionSentences']);

/**
 * Flat UTF-16 ranges [start, end, start, end, …] as a string: each number
 * minus the one before it (all ≥ 0), base 36, joined by commas ("0,q,1,1b"
 * for [0, 26, 27, 74]); listen.js unpacks it. storage.session's quota
 * counts the memory of every stored value, and a number in an array costs
 * far more than its digits: a 6 MB article's 180,000 range ends as numbers
 * went over the 10 MB quota (tests/e2e/extension.test.mjs), as this string
 * they take 0.5 MB.
 */
function packRanges(ranges) {
  let before = 0;
  return ranges.map((n) => { const d = Math.max(0, (Number(n) | 0) - before); before += d; return d.toString(36); }).join(',');
}

/**
 * What the reader needs of a ContentResult: the article as the core gives it
 * (typed blocks, records) and its metadata; not the score table, the stats
 * or a second copy of the text.
 * @returns {Object} ReaderResult (see messages.js)
 */
/**
 * An article's blocks without what the reader does not read, so that a long
 * article fits storage.session once: the plain `text` beside inline runs
 * (the runs carry it) and the page's node ids (they mean nothing outside the
 * page). Code blocks keep their text: it is their only content. Sentence
 * ranges are packed into a string (packRanges).
 */
function leanBlocks(blocks) {
  const lean = (v) => {
    if (Array.isArray(v)) return v.map(lean);
    if (!v || typeof v !== 'object') return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'nodes') continue;
      if (k === 'text' && Array.isArray(v.inlines) && v.inlines.length) continue;
      if (SENTENCE_FIELDS.has(k) && Array.isArray(x)) { out[k] = packRanges(x); continue; }
      out[k] = lean(x);
    }
    return out;
  };
  return lean(blocks);
}

function forReader(result) {
  if (!result.ok) return { ok: false, reason: result.reason || failureReason(result.error), error: result.error };
  const ex = result.extraction;
  return {
    ok: true,
    path: result.path,
    timing: result.timing,
    extraction: {
      url: ex.url,
      title: ex.title,
      headline: ex.headline,
      byline: ex.byline,
      lang: ex.lang,
      dir: ex.dir,
      siteName: ex.siteName,
      publishedTime: ex.publishedTime,
      excerpt: ex.excerpt,
      leadImage: ex.leadImage,
      readerable: ex.readerable,
      readerableReason: ex.readerableReason,
      shows: ex.shows,
      pageType: { kind: ex.pageType ? ex.pageType.kind : null },
      wordCount: ex.wordCount,
      blocks: leanBlocks(ex.blocks),
      records: (ex.records || []).map(({ name, value, inArticle }) => ({ name, value, inArticle: inArticle === true })),
    },
  };
}

/**
 * Why a read failed, for the reader's message (ReaderResult.reason), from
 * the error the browser or the core gave.
 * @returns {'restricted'|'not-html'|'failed'}
 */
function failureReason(error) {
  const text = String(error);
  // The core and the JS walker refuse documents that are not HTML; the PDF
  // viewer is one, and no extension may read what it shows.
  if (/not an HTML page \(application\/pdf\)/.test(text)) return 'restricted';
  if (/not an HTML page/.test(text)) return 'not-html';
  // chrome.scripting's refusals: browser pages, the web store, pages the
  // extension has no access to.
  if (/Cannot access|cannot be scripted|Missing host permission/i.test(text)) return 'restricted';
  return 'failed';
}

/** Whether no extension may read the page at `url` (see READABLE_SCHEMES). */
function isRestrictedUrl(url) {
  if (!url) return false; // unknown: try, and let the browser say
  let parsed;
  try { parsed = new URL(url); } catch { return true; }
  return !READABLE_SCHEMES.has(parsed.protocol) || RESTRICTED_HOSTS.has(parsed.hostname);
}

/** Whether the extension may load `url` in a tab again (a web or file address). */
function isLoadableUrl(url) {
  try { return READABLE_SCHEMES.has(new URL(url).protocol); } catch { return false; }
}

/** `url` without its #fragment (a page's address, whatever it scrolled to). */
function pageAddress(url) {
  return String(url || '').split('#')[0];
}

function isReaderUrl(url) {
  return !!url && url.startsWith(chrome.runtime.getURL(READER_PAGE));
}

/**
 * Keys in storage.session that start with `prefix`, sorted. Through
 * getKeys where the browser has it (Chromium since 130, current Firefox): get(null)
 * reads every stored article's value too, up to MAX_STORED_ARTICLES of
 * them, on every click.
 */
async function storedKeys(prefix) {
  const area = chrome.storage.session;
  const keys = typeof area.getKeys === 'function' ? await area.getKeys() : Object.keys(await area.get(null));
  return keys.filter((k) => k.startsWith(prefix)).sort();
}

/** A new key for a StoredArticle (PITH_ARTICLE_KEY_PREFIX, then the time: pruneStored keeps the newest). */
function newArticleKey() {
  return `${PITH_ARTICLE_KEY_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Stores a StoredArticle for a reader tab (under `key`, or a new key); returns its key. */
async function storeArticle(article, key = newArticleKey()) {
  try {
    await chrome.storage.session.set({ [key]: article });
  } catch {
    // Over quota: drop every older article, then try again; if this one
    // alone is too large, store why instead.
    await chrome.storage.session.remove(await storedKeys(PITH_ARTICLE_KEY_PREFIX));
    try {
      await chrome.storage.session.set({ [key]: article });
    } catch (e) {
      const error = `the article is too large to keep for the reader (${e && e.message})`;
      await chrome.storage.session.set({ [key]: { ...article, result: { ok: false, error } } });
    }
  }
  return key;
}

/**
 * Keeps storage.session within bounds: the newest MAX_STORED_ARTICLES
 * articles, and the per-tab records of open tabs. Run after the reader is
 * on its way (finishJobNow), not before: it reads every key.
 */
async function pruneStored() {
  const keys = await storedKeys('');
  const articles = keys.filter((k) => k.startsWith(PITH_ARTICLE_KEY_PREFIX));
  const dropped = articles.slice(0, Math.max(0, articles.length - MAX_STORED_ARTICLES));
  // Per-tab records of closed tabs too: a job normally removes its own
  // record; one is left when the worker was stopped and the tab closed
  // before the page answered (nothing then wakes the worker for it);
  // auto-open records go with their tab (tabs.onRemoved), this catches
  // any left behind.
  const open = new Set();
  for (const t of await chrome.tabs.query({})) open.add(jobKey(t.id)).add(autoKey(t.id));
  dropped.push(...keys.filter((k) => (k.startsWith(JOB_KEY_PREFIX) || k.startsWith(AUTO_KEY_PREFIX)) && !open.has(k)));
  if (dropped.length) await chrome.storage.session.remove(dropped);
}

function jobKey(tabId) {
  return `${JOB_KEY_PREFIX}${tabId}`;
}

function errorText(e) {
  return String(e && e.message ? e.message : e);
}

/**
 * Jobs started by this worker instance, by tab id: {id, startedAt}. (A new
 * worker starts with none; the records in storage.session are what outlive it.)
 */
const jobs = new Map();

/**
 * Runs in the page, in the content script's world (chrome.scripting
 * .executeScript with `func`, so it must be self-contained): extracts with the
 * content script Pith injected (it marks itself under this symbol, see
 * content/content.js) and reports the result to the background with a
 * message, which wakes a stopped worker. Returns whether the report got
 * through, and the result when it did not. Both say whether the user has
 * interacted with the page (navigator.userActivation; see returnToPage).
 * @returns {Promise<{delivered: boolean, result?: Object, activated: boolean|null}>}
 */
async function extractInPage(jobId, options, messageType, attempts) {
  const activated = globalThis.navigator.userActivation ? navigator.userActivation.hasBeenActive : null;
  // What a message to a worker that was stopped meanwhile fails with.
  const WORKER_STOPPED = /message channel closed|message port closed|Receiving end does not exist/;
  const content = globalThis[Symbol.for('pith.content')];
  let result;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      result = content ? await content.extract(options, { jobId, activated }) : { ok: false, error: 'pith: the content script is missing' };
    } catch (e) {
      result = { ok: false, error: String(e && e.message ? e.message : e) };
    }
    if (result.ok || !WORKER_STOPPED.test(result.error)) break;
  }
  // The background took the job over with the facts (handOver): the reader is on its way.
  if (result.handedOver) return { delivered: true, activated };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await chrome.runtime.sendMessage({ type: messageType, jobId, result, activated });
      return { delivered: true, activated };
    } catch (e) {
      if (!WORKER_STOPPED.test(String(e && e.message))) break;
    }
  }
  return { delivered: false, result, activated };
}

/**
 * Reads the tab and shows its reader in the same tab when the page's result
 * arrives (finishJob). Run by the toolbar button, the keyboard command and
 * the pages of "always open" sites.
 *
 * If the worker is stopped mid-read, the page's result message starts a new
 * worker, which opens the reader with the article: the click still ends in a
 * reader. (If it is stopped in the few milliseconds before the page was asked
 * to extract, nothing wakes it; the busy badge stays and the next click reads
 * the page, since a new worker does not know of the old one's running jobs.)
 * @param {chrome.tabs.Tab} tab
 */
async function openReader(tab) {
  const tabId = tab.id;
  // Checked and set before any await: a second click's event can run while
  // the first waits.
  const running = jobs.get(tabId);
  if (running && Date.now() - running.startedAt < STUCK_READ_MS) return;
  const job = {
    id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    startedAt: Date.now(),
    url: pageAddress(tab.url),
  };
  jobs.set(tabId, job);
  let answer;
  try {
    await chrome.storage.session.set({ [jobKey(tabId)]: job });
    await setBusy(tabId, true);
    if (isRestrictedUrl(tab.url)) {
      const error = `pith: the browser lets no extension read this page (${tab.url})`;
      answer = { delivered: false, result: { ok: false, reason: 'restricted', error } };
    } else {
      await ensureContentScript(tabId);
      const reading = chrome.scripting.executeScript({
        target: { tabId, frameIds: [0] },
        func: extractInPage,
        args: [job.id, { scores: false, ...(await readPathOption()) }, PithMessages.CS_BG_EXTRACTED, PAGE_ATTEMPTS],
      });
      // While the page reads itself (see warmUpCore).
      warmUpCore();
      const [injection] = await reading;
      answer = injection && injection.result;
    }
  } catch (e) {
    // Includes the tab closed or navigated away mid-read; finishJob tells them apart.
    answer = { delivered: false, result: { ok: false, error: errorText(e) } };
  }
  // Normally the page's message has finished the job by now.
  if (!answer || !answer.delivered) {
    await finishJob(tabId, job.id, answer ? answer.result : { ok: false, error: 'pith: the page did not answer' },
      answer ? answer.activated : null);
  }
}

/** finishJob's steps run one at a time (they read, then remove, the job record). */
let finishing = Promise.resolve();

/**
 * Ends job `jobId` of tab `tabId` with the page's ContentResult (and whether
 * the user had interacted with the page, when known): shows the
 * reader in the page's tab, or, when the page was closed or the tab has gone
 * to another page meanwhile, only forgets the job. Does nothing unless
 * `jobId` is the tab's recorded job.
 */
function finishJob(tabId, jobId, result, activated = null) {
  const step = finishing.then(() => finishJobNow(tabId, jobId, result, activated));
  finishing = step.catch(() => {});
  return step;
}

/**
 * The tab's recorded job: its record in storage.session (what outlives a
 * worker), or, without one, as when writing it failed, this worker's own.
 */
async function jobRecord(tabId) {
  const key = jobKey(tabId);
  return (await chrome.storage.session.get(key))[key] || jobs.get(tabId);
}

/** Forgets job `jobId` of the tab: this worker's entry and the record, if they are still that job's. */
async function forgetJob(tabId, jobId) {
  const key = jobKey(tabId);
  if (jobs.get(tabId)?.id === jobId) jobs.delete(tabId);
  const now = (await chrome.storage.session.get(key))[key];
  if (now && now.id === jobId) await chrome.storage.session.remove(key);
}

async function finishJobNow(tabId, jobId, result, activated) {
  const record = await jobRecord(tabId);
  // A job taken over with the page's facts ends in finishHandedOver; the
  // page's own report of it (the executeScript that ended with the page) is
  // no news.
  if (record && record.id === jobId && record.handedOver) return;
  try {
    if (!record || record.id !== jobId) return;
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (!tab) return; // closed mid-read: no reader, and its badge went with it
    await setBusy(tabId, false);
    // The user went to another page meanwhile (a link, the address bar,
    // Back): that page is not replaced by the reader of the one they left.
    // (A URL no longer visible means the click's activeTab went with a
    // navigation to another site.)
    const now = pageAddress(tab.pendingUrl || tab.url);
    if (record.url && now !== record.url) return;
    // Whether Back will reach the page (see returnToPage): only when the user
    // interacted with it; unknown when no script ran in it.
    const backReaches = activated === true;
    const stored = await storeArticle({
      result: forReader(result || { ok: false, error: 'pith: no result' }),
      sourceUrl: tab.url || '', sourceTitle: tab.title || '', createdAt: Date.now(),
      backSkipsPage: !backReaches,
    });
    const url = chrome.runtime.getURL(`${READER_PAGE}?key=${encodeURIComponent(stored)}`);
    // The reader replaces the page when the user can get back to it: by
    // Back, or by loading it again. A browser page the user never touched
    // (its address hidden from extensions, and Back would skip it) keeps its
    // tab; the reader opens next to it.
    if (backReaches || isLoadableUrl(tab.url)) await showReader(tab, url);
    else await chrome.tabs.create({ url, index: tab.index + 1, openerTabId: tabId });
    await pruneStored();
  } catch (e) {
    // The tab closing between the steps above is not an error.
    if (await chrome.tabs.get(tabId).then(() => true, () => false)) throw e;
  } finally {
    // Forgotten last: while the reader is being opened, another click on the
    // page is a repeat, and a job still recorded is one whose reader is not
    // open yet. (Only this job's record: a click may have replaced it.)
    await forgetJob(tabId, jobId);
  }
}

/**
 * The click's read on the JS-walker path, when the page's facts arrive
 * (CS_BG_SCORE_FACTS with the job's id): the background takes the job over
 * from finishJob and opens the reader before it scores them, so that the
 * reader page loads while the core runs instead of after it: the reader
 * page needs 100-180 ms from its navigation's start to show an article,
 * the core 30-40 ms at the median page, the page's report and the store
 * after it another 15-20 ms. Measured (2026-11-25, `node
 * tests/eval/first-click.mjs`, tests/eval/SPEED.md): click → reader shown
 * 6.5-7.5 ms sooner at the median wcxb-dev page on this 2-CPU machine,
 * where the core and the reader's start compete for the processors.
 *
 * A worker stopped after the hand-over and before the article is stored
 * (it is busy then, not idle, so only a forced stop does it) leaves the
 * reader saying the read did not finish (reader.js PENDING_TIMEOUT_MS).
 *
 * Takes the job only where finishJob would open the reader in the page's
 * tab (the same checks: the job is the tab's, the tab still shows the page,
 * Back or a reload reaches it); else returns null and the job goes on as
 * before (the page gets its scores and reports them). The article is stored
 * as `pending` first; the reader waits for its next value.
 * @returns {Promise<{articleKey: string, article: Object}|null>}
 */
function handOver(tabId, jobId, activated) {
  const step = finishing.then(() => handOverNow(tabId, jobId, activated));
  finishing = step.catch(() => {});
  return step;
}

async function handOverNow(tabId, jobId, activated) {
  const record = await jobRecord(tabId);
  if (!record || record.id !== jobId || record.handedOver) return null;
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  if (!tab) return null;
  if (record.url && pageAddress(tab.pendingUrl || tab.url) !== record.url) return null;
  const backReaches = activated === true;
  if (!(backReaches || isLoadableUrl(tab.url))) return null; // a reader in a tab of its own: finishJob's way
  const articleKey = newArticleKey();
  const article = {
    sourceUrl: tab.url || '', sourceTitle: tab.title || '', createdAt: Date.now(), backSkipsPage: !backReaches,
  };
  const taken = { ...record, handedOver: true };
  await chrome.storage.session.set({ [jobKey(tabId)]: taken, [articleKey]: { ...article, pending: true } });
  jobs.set(tabId, taken);
  setBusy(tabId, false).catch(() => {});
  try {
    await showReader(tab, chrome.runtime.getURL(`${READER_PAGE}?key=${encodeURIComponent(articleKey)}`));
  } catch (e) {
    // The reader's way is started or the tab gone: the article is stored all the same.
    console.error('pith:', e);
  }
  return { articleKey, article };
}

/** Stores the article of a job taken over by handOver, then forgets the job. */
async function finishHandedOver(tabId, jobId, taken, result) {
  try {
    await storeArticle({ ...taken.article, result: forReader(result) }, taken.articleKey);
  } finally {
    await forgetJob(tabId, jobId);
    await pruneStored();
  }
}

/**
 * CS_BG_SCORE_FACTS with a job id (a click's read): the job taken over
 * (handOver), scored, stored for the reader; or, where the job stays with
 * finishJob, the scores answered to the page as for any other request.
 * The timing is the page's (start-up, walk) and this worker's scoring (the
 * message's crossing not included).
 */
async function scoreForReader(tabId, message, score) {
  const activated = typeof message.activated === 'boolean' ? message.activated : null;
  const taken = await handOver(tabId, message.jobId, activated).catch((e) => {
    console.error('pith:', e);
    return null;
  });
  if (!taken) return { ok: true, extraction: await score() };
  const t0 = performance.now();
  let result;
  try {
    const extraction = await score();
    const scoreMs = performance.now() - t0;
    const initMs = Number(message.initMs) || 0;
    const walkMs = Number(message.walkMs) || 0;
    result = {
      ok: true, path: 'js-walker', walker: 'walker.js', extraction,
      timing: {
        initMs, walkMs, scoreMs, extractMs: walkMs + scoreMs, totalMs: initMs + walkMs + scoreMs,
        startedAt: Number(message.startedAt) || Date.now(), endedAt: Date.now(),
      },
    };
  } catch (e) {
    result = { ok: false, error: errorText(e) };
  }
  await finishHandedOver(tabId, message.jobId, taken, result);
  return { ok: true, handedOver: true };
}

/**
 * Loads the reader at `url` in the page's tab: a new history entry, so the
 * browser's Back button returns to the page. Where the browser refuses to
 * navigate that tab, the reader opens in a new tab next to it instead: the
 * user always gets the reader's message.
 */
async function showReader(tab, url) {
  try {
    await chrome.tabs.update(tab.id, { url });
  } catch (e) {
    if (!(await chrome.tabs.get(tab.id).then(() => true, () => false))) return; // closed meanwhile
    await chrome.tabs.create({ url, index: tab.index + 1, openerTabId: tab.id });
  }
}

/** The StoredArticle a reader URL names, or null. */
async function articleOf(readerUrl) {
  let key;
  try { key = new URL(readerUrl).searchParams.get('key'); } catch { return null; }
  if (!key || !key.startsWith(PITH_ARTICLE_KEY_PREFIX)) return null;
  return (await chrome.storage.session.get(key))[key] || null;
}

/**
 * Leaves the reader in `tab` for the page it was made from: back in the
 * tab's history when the page is the entry before the reader (the reader
 * was loaded over it), else the page is loaded again, if it is a web or
 * file address; a reader for a browser page, which no extension may load,
 * in a tab of its own is closed, and the page's tab shown.
 *
 * Chromium's history-manipulation intervention makes its Back (the
 * button's, and chrome.tabs.goBack) skip an entry whose page was left,
 * without the user ever having interacted with it, by a navigation the page
 * or an extension started: chrome.tabs.update counts as one. When the page
 * did not report a user activation at the read (StoredArticle.backSkipsPage),
 * going back could land on the page before it, so it is loaded instead.
 * @param {chrome.tabs.Tab} tab  a reader tab
 */
async function returnToPage(tab) {
  const article = await articleOf(tab.url);
  const source = article && article.sourceUrl;
  const loadable = isLoadableUrl(source);
  if (!(article && article.backSkipsPage && loadable)) {
    try {
      await chrome.tabs.goBack(tab.id);
      return;
    } catch {
      // "Cannot find a next page in history": nothing to go back to.
    }
  }
  if (loadable) {
    await chrome.tabs.update(tab.id, { url: source });
    return;
  }
  if (tab.openerTabId !== undefined) await chrome.tabs.update(tab.openerTabId, { active: true }).catch(() => {});
  await chrome.tabs.remove(tab.id);
}

/**
 * The toolbar button and the keyboard command: on a reader tab, return to
 * the page; elsewhere, read the page.
 * @param {chrome.tabs.Tab} tab
 */
async function toggleReader(tab) {
  if (isReaderUrl(tab.url)) return returnToPage(tab);
  return openReader(tab);
}

/**
 * chrome.commands.onCommand: the keyboard shortcut (READ_COMMAND) does what
 * the button does. (The command grants activeTab, as a click does.)
 */
async function onCommand(command, tab) {
  if (command !== READ_COMMAND) return;
  // (Chromium gives the active tab; older browsers may not.)
  tab ??= (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  if (tab) await toggleReader(tab);
}

// "Always open in reader view": origins in storage.local, one registered
// content script (content/auto.js) matching their pages, which asks for the
// reader when a page has loaded.
//
// The registration persists across browser sessions (persistAcrossSessions,
// the default), so that pages restored at startup are caught before this
// worker runs; it is still made again from the stored list whenever a
// worker starts (syncAutoOpen below), so that the list in storage is the one
// truth (an extension update, a failed write, Firefox's own rules).

function autoKey(tabId) {
  return `${AUTO_KEY_PREFIX}${tabId}`;
}

/** The "always open" origins (storage.local, PITH_ALWAYS_OPEN_KEY). */
async function alwaysOpenOrigins() {
  const list = (await chrome.storage.local.get(PITH_ALWAYS_OPEN_KEY))[PITH_ALWAYS_OPEN_KEY];
  return Array.isArray(list) ? list.filter((o) => typeof o === 'string') : [];
}

/** The host permission and match pattern of an origin's pages. */
function originPattern(origin) {
  return `${origin}/*`;
}

/**
 * `origin` as an origin of web pages ("https://example.com", with a port if
 * not the default), or null: only http and https sites can always open.
 */
function webOrigin(origin) {
  let parsed;
  try { parsed = new URL(origin); } catch { return null; }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.origin === origin ? origin : null;
}

/** Changes to the registration run one at a time (each reads, then writes it). */
let autoOpenSync = Promise.resolve();

/** Registers, updates or unregisters the auto-open script for the stored origins. */
function syncAutoOpen() {
  const step = autoOpenSync.then(async () => {
    const matches = (await alwaysOpenOrigins()).map(originPattern);
    const [registered] = await chrome.scripting.getRegisteredContentScripts({ ids: [AUTO_OPEN_SCRIPT_ID] });
    if (!matches.length) {
      if (registered) await chrome.scripting.unregisterContentScripts({ ids: [AUTO_OPEN_SCRIPT_ID] });
      return;
    }
    const script = {
      id: AUTO_OPEN_SCRIPT_ID, matches, js: AUTO_OPEN_FILES,
      runAt: 'document_idle', allFrames: false, persistAcrossSessions: true,
    };
    if (registered) await chrome.scripting.updateContentScripts([script]);
    else await chrome.scripting.registerContentScripts([script]);
  });
  autoOpenSync = step.catch(() => {});
  return step;
}

/**
 * UI_BG_SET_ALWAYS_OPEN: switches "always open in reader view" for
 * `origin`. On: the reader has obtained the origin's host permission
 * (chrome.permissions.request needs the user's click, which only the page
 * has); without it the script could not run there, so it is refused. Off:
 * the origin leaves the list and its permission is given back.
 * @returns {Promise<{ok: boolean, error?: string}>}
 */
async function setAlwaysOpen(origin, on) {
  const site = webOrigin(origin);
  if (!site) return { ok: false, error: `pith: not a web origin: ${origin}` };
  const permission = { origins: [originPattern(site)] };
  if (on && !(await chrome.permissions.contains(permission))) {
    return { ok: false, error: `pith: no access to ${site} (the permission was not granted)` };
  }
  const list = (await alwaysOpenOrigins()).filter((o) => o !== site);
  if (on) list.push(site);
  await chrome.storage.local.set({ [PITH_ALWAYS_OPEN_KEY]: list.sort() });
  await syncAutoOpen();
  if (!on) await chrome.permissions.remove(permission).catch(() => false);
  return { ok: true };
}

/**
 * CS_BG_AUTO_OPEN: a page of an "always open" site has loaded in `tab`.
 * Its address is remembered for the tab, and a page whose address is
 * remembered is not sent to the reader again: it has loaded again because
 * the user came back from its reader (or reloaded it). Another page in the
 * tab opens in the reader as the first did.
 */
async function autoOpen(tab, url) {
  let origin;
  try { origin = new URL(url).origin; } catch { return; }
  if (!(await alwaysOpenOrigins()).includes(origin)) return; // switched off meanwhile
  const address = pageAddress(url);
  const key = autoKey(tab.id);
  const seen = (await chrome.storage.session.get(key))[key] || [];
  if (seen.includes(address)) return;
  await chrome.storage.session.set({ [key]: [...seen, address].slice(-MAX_AUTO_URLS) });
  await openReader({ ...tab, url });
}

/** Whether a message comes from one of this extension's own pages (not a content script). */
function fromExtensionPage(sender) {
  return sender.id === chrome.runtime.id && !!sender.url && sender.url.startsWith(chrome.runtime.getURL(''));
}

chrome.action.onClicked.addListener((tab) => {
  toggleReader(tab).catch((e) => console.error('pith:', e));
});

if (chrome.commands) {
  chrome.commands.onCommand.addListener((command, tab) => {
    onCommand(command, tab).catch((e) => console.error('pith:', e));
  });
}

chrome.tabs.onRemoved.addListener((tabId) => {
  chrome.storage.session.remove(autoKey(tabId)).catch(() => {});
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message) return false;
  /** Answers with `work`'s result, or {ok: false, error}. */
  const answer = (work) => {
    work.then(sendResponse, (e) => {
      console.error('pith:', e);
      sendResponse({ ok: false, error: errorText(e) });
    });
    return true;
  };
  if (message.type === PithMessages.CS_BG_EXTRACTED) {
    if (!sender.tab || sender.frameId !== 0) return false;
    const activated = typeof message.activated === 'boolean' ? message.activated : null;
    return answer(finishJob(sender.tab.id, message.jobId, message.result, activated).then(() => ({ ok: true })));
  }
  if (message.type === PithMessages.CS_BG_LOAD_CORE) {
    if (!sender.tab || sender.frameId !== 0) return false;
    return answer(injectCore(sender.tab.id).then(() => ({ ok: true })));
  }
  if (message.type === PithMessages.CS_BG_SCORE_FACTS) {
    // The JS walker's packed facts (src/model/packed.rs).
    const facts = message.facts || {};
    const score = () => wasmReady.then(() => wasm_bindgen.extractPacked(facts.strings, facts.numbers, message.options));
    if (typeof message.jobId === 'string' && sender.tab && sender.frameId === 0) {
      scoreForReader(sender.tab.id, message, score)
        .then(sendResponse, (e) => sendResponse({ ok: false, error: errorText(e) }));
      return true;
    }
    score()
      .then((extraction) => sendResponse({ ok: true, extraction }))
      .catch((e) => sendResponse({ ok: false, error: errorText(e) }));
    return true;
  }
  if (message.type === PithMessages.CS_BG_AUTO_OPEN) {
    if (!sender.tab || sender.frameId !== 0 || !sender.url) return false;
    autoOpen(sender.tab, sender.url).catch((e) => console.error('pith:', e));
    return false;
  }
  if (message.type === PithMessages.UI_BG_RETURN) {
    if (!sender.tab || !fromExtensionPage(sender) || !isReaderUrl(sender.url)) return false;
    return answer(returnToPage({ ...sender.tab, url: sender.url }).then(() => ({ ok: true })));
  }
  if (message.type === PithMessages.UI_BG_SET_ALWAYS_OPEN) {
    if (!fromExtensionPage(sender)) return false;
    return answer(setAlwaysOpen(message.origin, message.on === true));
  }
  return false;
});

// The registration made again from the stored list, whenever a worker starts.
syncAutoOpen().catch((e) => console.error('pith: always-open registration:', e));

// For tests and, later, the devtools panel.
globalThis.pith = {
  extractTab, openReader, toggleReader, onCommand, setAlwaysOpen, autoOpen, syncAutoOpen, wasmReady,
  warmUpState: () => warmUpState,
};

// --- See the decision: the on-page overlay (content/overlay.js) and the
// devtools panel's access to the inspected tab. ---

/** The keyboard command (manifest.json "commands") that switches the overlay. */
const OVERLAY_COMMAND = 'toggle-overlay';
/** The action's context-menu item that switches the overlay. */
const OVERLAY_MENU_ID = 'pith-toggle-overlay';
/** The overlay's file, injected after CONTENT_FILES (it draws from content.js's extraction). */
const OVERLAY_FILES = ['content/overlay.js'];
/**
 * Key prefix, in storage.session, of tabs whose page should show the
 * overlay once it has loaded again (the reader's "show on page"):
 * `pith-see:<tabId>` → the page's address.
 */
const SEE_PENDING_PREFIX = 'pith-see:';

/** Injects the content script and the overlay module into the tab's top frame, where missing. */
async function ensureOverlay(tabId) {
  await ensureContentScript(tabId);
  const [probe] = await chrome.scripting.executeScript({
    target: { tabId, frameIds: [0] },
    func: () => !!globalThis[Symbol.for('pith.see')],
  });
  if (!(probe && probe.result)) {
    await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: OVERLAY_FILES }));
  }
}

/**
 * Switches the overlay in `tab` (`on`: true, false or 'toggle'). On a reader
 * tab: returns to the page, which shows the overlay once loaded.
 * @returns {Promise<{ok: boolean, on?: boolean, error?: string}>}
 */
async function setOverlay(tab, on = 'toggle') {
  if (isReaderUrl(tab.url)) return showOnPage(tab);
  if (isRestrictedUrl(tab.url)) return { ok: false, error: `pith: the browser lets no extension read this page (${tab.url})` };
  await ensureOverlay(tab.id);
  return chrome.tabs.sendMessage(tab.id, { type: PithMessages.BG_CS_OVERLAY, on }, { frameId: 0 });
}

/** The reader in `tab` returns to its page, which then shows the overlay (see SEE_PENDING_PREFIX). */
async function showOnPage(tab) {
  const article = await articleOf(tab.url);
  if (!article || !isLoadableUrl(article.sourceUrl)) return { ok: false, error: 'pith: the reader has no page to return to' };
  await chrome.storage.session.set({ [`${SEE_PENDING_PREFIX}${tab.id}`]: pageAddress(article.sourceUrl) });
  await returnToPage(tab);
  return { ok: true };
}

/** A tab finished loading: show the overlay if the reader asked for it there. */
async function onTabLoaded(tabId, tab) {
  const key = `${SEE_PENDING_PREFIX}${tabId}`;
  const want = (await chrome.storage.session.get(key))[key];
  if (!want || pageAddress(tab.url) !== want) return;
  await chrome.storage.session.remove(key);
  await setOverlay(tab, true);
}

/**
 * UI_BG_SEE_ATTACH: Pith in the devtools panel's inspected tab.
 * @returns {Promise<{ok: boolean, error?: string, reason?: string}>}
 */
async function attachSee(tabId, overlay) {
  const tab = await chrome.tabs.get(tabId);
  if (isRestrictedUrl(tab.url)) return { ok: false, reason: 'restricted', error: `pith: the browser lets no extension read this page (${tab.url})` };
  try {
    await ensureOverlay(tabId);
  } catch (e) {
    const error = errorText(e);
    const reason = /Cannot access|Missing host permission|cannot be scripted/i.test(error) ? 'no-access' : 'failed';
    return { ok: false, reason, error };
  }
  if (overlay !== undefined) await chrome.tabs.sendMessage(tabId, { type: PithMessages.BG_CS_OVERLAY, on: !!overlay }, { frameId: 0 });
  return { ok: true };
}

/** The action's context menu (contextMenus; `menus` in Firefox, which also answers to contextMenus). */
const menus = chrome.contextMenus || globalThis.browser?.menus;

/** The context-menu item: switches the overlay in the tab. */
async function onSeeMenu(info, tab) {
  if (info.menuItemId !== OVERLAY_MENU_ID || !tab) return null;
  return setOverlay(tab);
}

/** The keyboard command OVERLAY_COMMAND: switches the overlay in the active tab. */
async function onSeeCommand(command, tab) {
  if (command !== OVERLAY_COMMAND) return null;
  tab ??= (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  return tab ? setOverlay(tab) : null;
}

if (menus) {
  chrome.runtime.onInstalled.addListener(() => {
    menus.create({ id: OVERLAY_MENU_ID, title: 'Show why: outline the content on the page', contexts: ['action'] }, () => {
      void chrome.runtime.lastError; // already there (an update)
    });
  });
  menus.onClicked.addListener((info, tab) => {
    onSeeMenu(info, tab).catch((e) => console.error('pith:', e));
  });
}

if (chrome.commands) {
  chrome.commands.onCommand.addListener((command, tab) => {
    onSeeCommand(command, tab).catch((e) => console.error('pith:', e));
  });
}

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.status !== 'complete') return;
  onTabLoaded(tabId, tab).catch((e) => console.error('pith:', e));
});

chrome.tabs.onRemoved.addListener((tabId) => {
  chrome.storage.session.remove(`${SEE_PENDING_PREFIX}${tabId}`).catch(() => {});
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message) return false;
  const answer = (work) => {
    work.then(sendResponse, (e) => sendResponse({ ok: false, error: errorText(e) }));
    return true;
  };
  if (message.type === PithMessages.UI_BG_SEE_ATTACH) {
    if (!fromExtensionPage(sender) || typeof message.tabId !== 'number') return false;
    return answer(attachSee(message.tabId, message.overlay));
  }
  if (message.type === PithMessages.UI_BG_SHOW_ON_PAGE) {
    if (!sender.tab || !fromExtensionPage(sender) || !isReaderUrl(sender.url)) return false;
    return answer(showOnPage({ ...sender.tab, url: sender.url }));
  }
  return false;
});

Object.assign(globalThis.pith, { setOverlay, ensureOverlay, attachSee, showOnPage, onSeeMenu, onSeeCommand, OVERLAY_MENU_ID, OVERLAY_COMMAND });
