// The background: a service worker in Chromium; in Firefox the same file runs
// as a background script after pkg/pith.js and messages.js (see
// tools/firefox-manifest.mjs).
//
// It injects the content script when the toolbar button is clicked, scores
// facts for pages where wasm cannot run in the page, and opens the reader.
//
// A click's read of a page (a "job") must end in a reader tab, or in nothing
// when the page was closed meanwhile, even if the browser stops this worker
// in the middle (MV3 workers are stopped when idle, under memory pressure, or
// by devtools; a large page takes seconds to read). So the page reports its
// result with a message, which wakes a stopped worker, rather than in the
// reply to the worker's call, which dies with it; and the job is recorded in
// storage.session, which outlives the worker, so that the new worker knows
// the result answers a click (see openReader and finishJob).

if (typeof importScripts === 'function' && typeof wasm_bindgen === 'undefined') {
  importScripts('../pkg/pith.js', '../messages.js');
}

/** Files injected into the page, in order (see content/content.js). */
const CONTENT_FILES = ['pkg/pith.js', 'messages.js', 'content/walker.js', 'content/content.js'];
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
/** The reader page; a click on its tab closes it (the button toggles). */
const READER_PAGE = 'ui/reader.html';
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
 * How many times the page tries each of the two steps that need this worker,
 * when it was stopped meanwhile (the message fails): scoring on the JS-walker
 * path and reporting the result. One retry suffices: it starts a new worker.
 */
const PAGE_ATTEMPTS = 2;

const wasmReady = wasm_bindgen({ module_or_path: chrome.runtime.getURL('pkg/pith_bg.wasm') });

/**
 * Makes sure the content script is in the tab, then asks it to extract.
 * @param {number} tabId
 * @param {Object} [options] ExtractOptions
 * @returns {Promise<Object>} ContentResult
 */
async function extractTab(tabId, options = {}) {
  await ensureContentScript(tabId);
  const result = await chrome.tabs.sendMessage(tabId, { type: PithMessages.BG_CS_EXTRACT, options }, { frameId: 0 });
  if (!result) throw new Error('pith: the page did not answer');
  return result;
}

/** Injects the content script into the tab's top frame unless it is there. */
async function ensureContentScript(tabId) {
  if (!(await contentScriptAnswers(tabId))) {
    await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: CONTENT_FILES }));
  }
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

/**
 * What the reader needs of a ContentResult: metadata and blocks as text, not
 * the score table, node ids or a second copy of the text.
 * @returns {Object} ReaderResult (see messages.js)
 */
function forReader(result) {
  if (!result.ok) return { ok: false, error: result.error };
  const ex = result.extraction;
  return {
    ok: true,
    path: result.path,
    timing: result.timing,
    extraction: {
      title: ex.title,
      byline: ex.byline,
      lang: ex.lang,
      dir: ex.dir,
      siteName: ex.siteName,
      publishedTime: ex.publishedTime,
      readerable: ex.readerable,
      wordCount: ex.wordCount,
      blocks: ex.blocks.map(({ kind, level, text }) => ({ kind, level, text })),
    },
  };
}

/** Keys in storage.session that start with `prefix`, sorted. */
async function storedKeys(prefix) {
  const all = await chrome.storage.session.get(null);
  return Object.keys(all).filter((k) => k.startsWith(prefix)).sort();
}

/** Stores a StoredArticle for a reader tab; returns its key. */
async function storeArticle(article) {
  const key = `${PITH_ARTICLE_KEY_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
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
  const keys = await storedKeys('');
  const articles = keys.filter((k) => k.startsWith(PITH_ARTICLE_KEY_PREFIX));
  const dropped = articles.slice(0, Math.max(0, articles.length - MAX_STORED_ARTICLES));
  // Job records of closed tabs too: a job normally removes its own record;
  // one is left when the worker was stopped and the tab closed before the
  // page answered (nothing then wakes the worker for it).
  const open = new Set((await chrome.tabs.query({})).map((t) => jobKey(t.id)));
  dropped.push(...keys.filter((k) => k.startsWith(JOB_KEY_PREFIX) && !open.has(k)));
  if (dropped.length) await chrome.storage.session.remove(dropped);
  return key;
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
 * through, and the result when it did not.
 * @returns {Promise<{delivered: boolean, result?: Object}>}
 */
async function extractInPage(jobId, options, messageType, attempts) {
  // What a message to a worker that was stopped meanwhile fails with.
  const WORKER_STOPPED = /message channel closed|message port closed|Receiving end does not exist/;
  const content = globalThis[Symbol.for('pith.content')];
  let result;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      result = content ? await content.extract(options) : { ok: false, error: 'pith: the content script is missing' };
    } catch (e) {
      result = { ok: false, error: String(e && e.message ? e.message : e) };
    }
    if (result.ok || !WORKER_STOPPED.test(result.error)) break;
  }
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await chrome.runtime.sendMessage({ type: messageType, jobId, result });
      return { delivered: true };
    } catch (e) {
      if (!WORKER_STOPPED.test(String(e && e.message))) break;
    }
  }
  return { delivered: false, result };
}

/**
 * The toolbar action: read the tab; the reader opens next to it when the
 * page's result arrives (finishJob).
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
  const job = { id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, startedAt: Date.now() };
  jobs.set(tabId, job);
  let answer;
  try {
    await chrome.storage.session.set({ [jobKey(tabId)]: { id: job.id, startedAt: job.startedAt } });
    await chrome.action.setBadgeText({ tabId, text: BUSY_BADGE });
    await ensureContentScript(tabId);
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: extractInPage,
      args: [job.id, { scores: false }, PithMessages.CS_BG_EXTRACTED, PAGE_ATTEMPTS],
    });
    answer = injection && injection.result;
  } catch (e) {
    // Includes the tab closed or navigated away mid-read; finishJob tells them apart.
    answer = { delivered: false, result: { ok: false, error: errorText(e) } };
  }
  // Normally the page's message has finished the job by now.
  if (!answer || !answer.delivered) {
    await finishJob(tabId, job.id, answer ? answer.result : { ok: false, error: 'pith: the page did not answer' });
  }
}

/** finishJob's steps run one at a time (they read, then remove, the job record). */
let finishing = Promise.resolve();

/**
 * Ends job `jobId` of tab `tabId` with the page's ContentResult: opens the
 * reader next to the page, or, when the page was closed, only forgets the
 * job. Does nothing unless `jobId` is the tab's recorded job.
 */
function finishJob(tabId, jobId, result) {
  const step = finishing.then(() => finishJobNow(tabId, jobId, result));
  finishing = step.catch(() => {});
  return step;
}

async function finishJobNow(tabId, jobId, result) {
  const key = jobKey(tabId);
  try {
    const record = (await chrome.storage.session.get(key))[key];
    // (Without a record, as when writing it failed, this worker's own job counts.)
    const current = record ? record.id === jobId : jobs.get(tabId)?.id === jobId;
    if (!current) return;
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (!tab) return; // closed mid-read: no reader, and its badge went with it
    await chrome.action.setBadgeText({ tabId, text: '' });
    const stored = await storeArticle({
      result: result && result.ok ? forReader(result) : { ok: false, error: result ? result.error : 'no result' },
      sourceUrl: tab.url || '', sourceTitle: tab.title || '', createdAt: Date.now(),
    });
    const url = chrome.runtime.getURL(`${READER_PAGE}?key=${encodeURIComponent(stored)}`);
    await chrome.tabs.create({ url, index: tab.index + 1, openerTabId: tabId });
  } catch (e) {
    // The tab closing between the steps above is not an error.
    if (await chrome.tabs.get(tabId).then(() => true, () => false)) throw e;
  } finally {
    // Forgotten last: while the reader is being opened, another click on the
    // page is a repeat, and a job still recorded is one whose reader is not
    // open yet. (Only this job's record: a click may have replaced it.)
    if (jobs.get(tabId)?.id === jobId) jobs.delete(tabId);
    const now = (await chrome.storage.session.get(key))[key];
    if (now && now.id === jobId) await chrome.storage.session.remove(key);
  }
}

/** A click: on a reader tab, close it (back to the page); elsewhere, read the page. */
async function onActionClicked(tab) {
  if (tab.url && tab.url.startsWith(chrome.runtime.getURL(READER_PAGE))) {
    if (tab.openerTabId !== undefined) await chrome.tabs.update(tab.openerTabId, { active: true }).catch(() => {});
    return chrome.tabs.remove(tab.id);
  }
  return openReader(tab);
}

chrome.action.onClicked.addListener((tab) => {
  onActionClicked(tab).catch((e) => console.error('pith:', e));
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message) return false;
  if (message.type === PithMessages.CS_BG_EXTRACTED) {
    if (!sender.tab || sender.frameId !== 0) return false;
    finishJob(sender.tab.id, message.jobId, message.result).then(
      () => sendResponse({ ok: true }),
      (e) => {
        console.error('pith:', e);
        sendResponse({ ok: false, error: errorText(e) });
      });
    return true;
  }
  if (message.type === PithMessages.CS_BG_SCORE_FACTS) {
    wasmReady
      .then(() => sendResponse({ ok: true, extraction: wasm_bindgen.extractFacts(message.facts, message.options) }))
      .catch((e) => sendResponse({ ok: false, error: String(e && e.message ? e.message : e) }));
    return true;
  }
  return false;
});

// For tests and, later, the devtools panel.
globalThis.pith = { extractTab, openReader, wasmReady };
