// The background: a service worker in Chromium; in Firefox the same file runs
// as a background script after pkg/pith.js and messages.js (see
// tools/firefox-manifest.mjs).
//
// It injects the content script when the toolbar button is clicked, scores
// facts for pages where wasm cannot run in the page, and opens the reader.

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

const wasmReady = wasm_bindgen({ module_or_path: chrome.runtime.getURL('pkg/pith_bg.wasm') });

/**
 * Makes sure the content script is in the tab, then asks it to extract.
 * @param {number} tabId
 * @param {Object} [options] ExtractOptions
 * @returns {Promise<Object>} ContentResult
 */
async function extractTab(tabId, options = {}) {
  const [probe] = await withAccessRetry(() => chrome.scripting.executeScript({
    target: { tabId },
    func: () => typeof PithContent !== 'undefined',
  }));
  if (!probe || probe.result !== true) {
    await chrome.scripting.executeScript({ target: { tabId }, files: CONTENT_FILES });
  }
  const result = await chrome.tabs.sendMessage(tabId, { type: PithMessages.BG_CS_EXTRACT, options });
  if (!result) throw new Error('pith: the page did not answer');
  return result;
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

async function storedKeys() {
  const all = await chrome.storage.session.get(null);
  return Object.keys(all).filter((k) => k.startsWith(PITH_ARTICLE_KEY_PREFIX)).sort();
}

/** Stores a StoredArticle for a reader tab; returns its key. */
async function storeArticle(article) {
  const key = `${PITH_ARTICLE_KEY_PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    await chrome.storage.session.set({ [key]: article });
  } catch {
    // Over quota: drop every older article, then try again; if this one
    // alone is too large, store why instead.
    await chrome.storage.session.remove(await storedKeys());
    try {
      await chrome.storage.session.set({ [key]: article });
    } catch (e) {
      const error = `the article is too large to keep for the reader (${e && e.message})`;
      await chrome.storage.session.set({ [key]: { ...article, result: { ok: false, error } } });
    }
  }
  const keys = await storedKeys();
  if (keys.length > MAX_STORED_ARTICLES) {
    await chrome.storage.session.remove(keys.slice(0, keys.length - MAX_STORED_ARTICLES));
  }
  return key;
}

/**
 * The toolbar action: extract the tab and open the reader next to it.
 * @param {chrome.tabs.Tab} tab
 */
async function openReader(tab) {
  await chrome.action.setBadgeText({ tabId: tab.id, text: BUSY_BADGE });
  let result;
  try {
    result = forReader(await extractTab(tab.id, { scores: false }));
  } catch (e) {
    result = { ok: false, error: String(e && e.message ? e.message : e) };
  } finally {
    await chrome.action.setBadgeText({ tabId: tab.id, text: '' });
  }
  const key = await storeArticle({
    result, sourceUrl: tab.url || '', sourceTitle: tab.title || '', createdAt: Date.now(),
  });
  const url = chrome.runtime.getURL(`${READER_PAGE}?key=${encodeURIComponent(key)}`);
  return chrome.tabs.create({ url, index: tab.index + 1, openerTabId: tab.id });
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

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  if (!message) return false;
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
