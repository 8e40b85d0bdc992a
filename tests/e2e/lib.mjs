// Shared helpers for the end-to-end tests and the evaluation harness:
// a static server on 127.0.0.1 and Debian's Chromium driven by playwright-core
// (never a downloaded browser).

import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// PITH_DIST: another build's dist/ (e.g. an older commit's, to compare two
// builds' figures in one bench session on this machine).
export const DIST = process.env.PITH_DIST || join(ROOT, 'dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** The strict policy many real sites send: no 'wasm-unsafe-eval'. */
export const STRICT_CSP = "script-src 'self'";

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

/**
 * Serves `mounts` ({'/prefix/': '/abs/dir'}) on 127.0.0.1, on a free port.
 * `?csp=strict` on any URL adds `Content-Security-Policy: script-src 'self'`.
 * @returns {Promise<{url: (path: string) => string, close: () => Promise<void>}>}
 */
export async function serveStatic(mounts) {
  const server = createServer(async (req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    const prefix = Object.keys(mounts).find((p) => u.pathname.startsWith(p));
    if (!prefix) { res.writeHead(404).end(); return; }
    const base = mounts[prefix];
    const file = normalize(join(base, decodeURIComponent(u.pathname.slice(prefix.length)) || 'index.html'));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file.endsWith('/') ? join(file, 'index.html') : file);
      const headers = { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' };
      if (u.searchParams.get('csp') === 'strict') headers['content-security-policy'] = STRICT_CSP;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

/** Chromium flags for headless runs on this machine (see DEVELOPERS.md). */
export function chromiumArgs(extensionDir) {
  const args = [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage',
  ];
  if (extensionDir) {
    args.push(
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // Lets the tests click the toolbar button (CDP Extensions.triggerAction).
      '--enable-unsafe-extension-debugging',
    );
  }
  return args;
}

/**
 * Launches Chromium with the unpacked extension in `extensionDir` loaded.
 * @returns {Promise<{context, worker, extensionId, close}>}
 */
export async function launchWithExtension(extensionDir = join(DIST, 'chrome'), options = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'pith-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false, // --headless=new is passed below; extensions need it
    args: chromiumArgs(extensionDir),
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  let [worker] = context.serviceWorkers();
  if (!worker) worker = await context.waitForEvent('serviceworker', { timeout: 15000 });
  const extensionId = new URL(worker.url()).host;
  // The 'serviceworker' event can come before the worker's script has run to
  // its end (listeners registered, wasm loaded); a click before that is lost.
  await worker.evaluate(async () => {
    while (!globalThis.pith) await new Promise((ok) => setTimeout(ok, 10));
    await globalThis.pith.wasmReady;
  });
  return {
    context,
    worker,
    extensionId,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Clicks the extension's toolbar button on `page`, as a user would: CDP
 * `Extensions.triggerAction` on the page's tab target (this grants activeTab).
 * Like a user, it waits until the browser shows the tab as loaded: Playwright's
 * `load` can come before the browser finishes the navigation, and finishing
 * it revokes a tab permission granted earlier.
 * @param {{context, worker, extensionId}} browser  from launchWithExtension
 * @returns {Promise<number>} Date.now() just before the click (the bench times from it)
 */
export async function clickAction({ context, worker, extensionId }, page) {
  await page.bringToFront();
  // (Before the click the extension may not see the tab's URL: it waits on
  // the active tab, which bringToFront made this one.)
  await worker.evaluate(async () => {
    for (;;) {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      if (tab && tab.status === 'complete') return;
      await new Promise((ok) => setTimeout(ok, 20));
    }
  });
  return triggerAction({ context, extensionId }, page);
}

/**
 * The toolbar click alone: CDP `Extensions.triggerAction` on the tab
 * showing `page`, with no question to the worker first (so a stopped
 * worker stays stopped until the click starts it).
 * @param {{context, extensionId}} browser  from launchWithExtension
 * @returns {Promise<number>} Date.now() just before the click
 */
export async function triggerAction({ context, extensionId }, page) {
  const session = await context.browser().newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = targetInfos.find((t) => t.url === page.url());
    if (!tab) throw new Error(`no tab target for ${page.url()}`);
    // The click itself: what a user's click starts (the bench's clock).
    const clickedAt = Date.now();
    await session.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
    return clickedAt;
  } finally {
    await session.detach();
  }
}

/**
 * The tab id (chrome.tabs) of the page at `url`, asked of the service worker.
 * The browser updates a tab's URL a moment after the page's own navigation
 * (e.g. a history step back), so this polls for up to `waitMs`; when several
 * tabs show `url` (a page a failed test left open), the newest tab wins, since
 * tab ids only grow. Null when no tab shows it in time.
 */
export async function tabIdOf(worker, url, waitMs = 5000) {
  return worker.evaluate(async ([u, wait]) => {
    const deadline = Date.now() + wait;
    for (;;) {
      const ids = (await chrome.tabs.query({})).filter((t) => t.url === u).map((t) => t.id);
      if (ids.length > 0) return Math.max(...ids);
      if (Date.now() >= deadline) return null;
      await new Promise((ok) => setTimeout(ok, 25));
    }
  }, [url, waitMs]);
}

/** The reader page's path in the extension (ui/reader.html). */
export const READER_PATH = '/ui/reader.html';

/** A reader page's address (ui/reader.html) in Chromium or Firefox. */
export const READER_URL = /^(chrome|moz)-extension:\/\/[^/]+\/ui\/reader\.html/;

/** Whether `url` is the reader page of a Pith extension. */
export function isReaderUrl(url) {
  return READER_URL.test(url);
}

/**
 * What the context's tabs show now: a Map of page → URL, to give
 * waitForReader and readerPages as `before`. (The reader opens in the page's
 * own tab, so a reader is a page whose URL changed to the reader's, or, for
 * pages the browser does not let an extension replace, a new tab.)
 */
export function pagesNow(context) {
  return new Map(context.pages().map((p) => [p, p.url()]));
}

/**
 * Waits for a reader that was not there in `before` (from pagesNow) and
 * returns its page: a tab that now shows a reader URL it did not show then,
 * or a new reader tab. (Polls: a 'page' or 'framenavigated' event can come
 * before the URL is known.) `before` may also be a Set of pages, as when
 * the reader always opened a new tab: then every page showing a reader
 * counts, old or new.
 */
export async function waitForReader(context, before, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [reader] = readerPages(context, before);
    if (reader) return reader;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`no reader opened within ${timeoutMs} ms`);
}

/** Pages showing a reader now that did not show it in `before` (see waitForReader). */
export function readerPages(context, before) {
  return context.pages().filter((p) => {
    const url = p.url();
    if (!isReaderUrl(url)) return false;
    return before instanceof Map ? before.get(p) !== url : true;
  });
}

/**
 * Waits until the reader in `reader` has rendered: the reader sets
 * `data-state` on main#reader once it shows the article or a message (an
 * earlier reader showed `article` or `.status.error`; either counts).
 */
export async function waitForRendered(reader, timeoutMs = 20000) {
  await reader.waitForSelector('main#reader[data-state]:not([data-state="loading"]), article, .status.error', { timeout: timeoutMs });
}

/**
 * The reader page's own timeline: its time origin (epoch ms, the clock of
 * Date.now()) and, from its navigation start (ms; null where absent), the
 * end of reader.html's response, DOM interactive (its scripts have run),
 * and the marks reader.js sets around its render.
 */
export async function readerTimeline(reader) {
  return reader.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const mark = (k) => performance.getEntriesByName(k)[0]?.startTime ?? null;
    return {
      origin: performance.timeOrigin,
      responseEnd: nav ? nav.responseEnd : null,
      interactive: nav ? nav.domInteractive : null,
      renderStart: mark('pith-render-start'),
      renderEnd: mark('pith-render-end'),
    };
  });
}

/**
 * Opens `url` in a new tab (or uses `page`, as it is, when `url` is null),
 * clicks the action, and returns the reader once it has rendered. The reader
 * replaces the page in its tab: `reader` is then the same Page as `page`
 * (a new tab only for pages the browser does not let an extension replace).
 * @param {{context}} browser  from launchWithExtension
 * @returns {Promise<{page, reader}>}
 */
export async function readWithPith(browser, url, { page, timeoutMs = 20000 } = {}) {
  page ??= await browser.context.newPage();
  if (url) await page.goto(url);
  const before = pagesNow(browser.context);
  await clickAction(browser, page);
  const reader = await waitForReader(browser.context, before, timeoutMs);
  await waitForRendered(reader, timeoutMs);
  return { page, reader };
}

/**
 * Sets the path every read takes ('wasm': the core in the page; 'js-walker':
 * the JS walker, scored in the background; null: by the page's size, the
 * default), through the extension's developer setting (READ_PATH_KEY in
 * background/service-worker.js). Small test pages take the JS walker by
 * default; tests of the in-page path ask for 'wasm'.
 * @param {{context, extensionId}} browser  from launchWithExtension
 * @param {'wasm'|'js-walker'|null} path
 * @param {import('node:test').TestContext} [t]  when given, the default is
 *   restored after that test
 */
export async function setReadPath(browser, path, t) {
  const { worker } = await liveServiceWorker(browser);
  await worker.evaluate((p) => (p ? chrome.storage.local.set({ 'pith:readPath': p }) : chrome.storage.local.remove('pith:readPath')), path);
  if (t) t.after(() => setReadPath(browser, null));
}

/**
 * The StoredArticle the reader at `readerUrl` shows, read from
 * storage.session through the service worker (not from the reader's DOM).
 */
export async function storedArticle(worker, readerUrl) {
  const key = new URL(readerUrl).searchParams.get('key');
  return worker.evaluate(async (k) => (await chrome.storage.session.get(k))[k] ?? null, key);
}

/**
 * Gives the extension access to the pages of `origin` ("http://127.0.0.1:8080")
 * as a user can: the site added to the extension's site access on
 * chrome://extensions (chrome.developerPrivate.addHostPermission, what that
 * page calls), then the extension's own request for it
 * (chrome.permissions.request from an extension page, in a user gesture:
 * Playwright's evaluate gives one), which Chromium grants without a prompt
 * since the user allowed the site. (A prompt cannot be answered in headless
 * Chromium; the request alone waits forever.)
 * @param {{context, extensionId}} browser  from launchWithExtension
 * @returns {Promise<() => Promise<void>>}  takes the access back (chrome.permissions.remove)
 */
export async function grantSiteAccess({ context, extensionId }, origin) {
  const pattern = `${origin}/*`;
  const settings = await context.newPage();
  try {
    await settings.goto('chrome://extensions');
    await settings.evaluate(([id, host]) => chrome.developerPrivate.addHostPermission(id, host), [extensionId, pattern]);
    await settings.goto(`chrome-extension://${extensionId}${READER_PATH}`);
    const granted = await settings.evaluate((p) => chrome.permissions.request({ origins: [p] }), pattern);
    if (granted !== true) throw new Error(`access to ${pattern} was not granted`);
  } finally {
    await settings.close();
  }
  return async () => {
    const page = await context.newPage();
    try {
      await page.goto(`chrome-extension://${extensionId}${READER_PATH}`);
      await page.evaluate((p) => chrome.permissions.remove({ origins: [p] }), pattern);
    } finally {
      await page.close();
    }
  };
}

/** The article body's paragraphs in the reader (not its header), whitespace collapsed. */
export async function readerParagraphs(reader) {
  return (await reader.locator('article .article-body p').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/**
 * Stops the extension's service worker, as the browser does when it is idle
 * or short of memory (CDP `ServiceWorker.stopWorker`, through any open page),
 * and waits until the browser reports it stopped. The next extension event
 * starts a new one; get its handle with liveServiceWorker. (A worker busy in
 * a long task is ended 5 s after the request, in Chromium 156; hence the
 * default timeout.)
 * @param {{context, extensionId}} browser  from launchWithExtension
 */
export async function stopServiceWorker({ context, extensionId }, timeoutMs = 10000) {
  const url = `chrome-extension://${extensionId}/`;
  const page = context.pages()[0] ?? await context.newPage();
  const session = await context.newCDPSession(page);
  try {
    /** The extension's worker versions by id: their latest running status. */
    const status = new Map();
    /** Versions seen stopped (a new worker may start in the same instant). */
    const stopped = new Set();
    session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(url)) continue;
        status.set(v.versionId, v.runningStatus);
        if (v.runningStatus === 'stopped') stopped.add(v.versionId);
      }
    });
    await session.send('ServiceWorker.enable'); // reports every version at once
    const deadline = Date.now() + timeoutMs;
    const wait = async (done, what) => {
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`the service worker ${what} within ${timeoutMs} ms`);
        await new Promise((ok) => setTimeout(ok, 20));
      }
    };
    let running;
    await wait(() => (running = [...status].find(([, s]) => s === 'running')), 'was not reported running');
    const [versionId] = running;
    stopped.delete(versionId);
    await session.send('ServiceWorker.stopWorker', { versionId });
    await wait(() => stopped.has(versionId), 'did not stop');
  } finally {
    await session.detach().catch(() => {});
  }
}

/**
 * A handle on the extension's running service worker, once its script has
 * run (as launchWithExtension waits for). After a restart, Playwright may
 * keep answering through the old handle or announce a new one
 * ('serviceworker'); this takes whichever answers.
 * @param {{context, extensionId}} browser  from launchWithExtension
 * @returns {Promise<{worker, startedAt: number}>}  startedAt: the worker's
 *   performance.timeOrigin, which tells one worker instance from the next
 */
export async function liveServiceWorker({ context, extensionId }, timeoutMs = 15000) {
  const url = `chrome-extension://${extensionId}/`;
  const ATTEMPT_MS = 1000; // one handle's chance to answer before the next is tried
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const worker of context.serviceWorkers().filter((w) => w.url().startsWith(url)).reverse()) {
      const ready = worker.evaluate(async () => {
        while (!globalThis.pith) await new Promise((ok) => setTimeout(ok, 10));
        await globalThis.pith.wasmReady;
        return performance.timeOrigin;
      });
      const startedAt = await Promise.race([
        ready.catch(() => null),
        new Promise((ok) => setTimeout(() => ok(null), ATTEMPT_MS)),
      ]);
      if (startedAt !== null) return { worker, startedAt };
    }
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`no running service worker within ${timeoutMs} ms`);
}

/**
 * Pauses `page` in the debugger (CDP Debugger domain) whenever Pith's content
 * script reaches the first line at or after the one containing `marker`, in
 * the built content/content.js (found by text, so that edits there do not
 * move the breakpoint). While paused, the page's main thread runs nothing:
 * an extraction that reached the line waits, as on a slow page, for as long
 * as the test needs. Do not drive the page through Playwright while paused.
 * @param {{context}} browser  from launchWithExtension
 * @param {string} marker  text of a line in content/content.js
 * @param {{lineOffset?: number}} [options]  break this many lines below the marker
 * @returns {Promise<{paused: (timeoutMs?: number) => Promise<void>,
 *   autoResume: () => Promise<void>, detach: () => Promise<void>}>}
 */
export async function breakInContentScript({ context }, page, marker, { lineOffset = 0 } = {}) {
  const lines = (await readFile(join(DIST, 'chrome', 'content', 'content.js'), 'utf8')).split('\n');
  const found = lines.findIndex((l) => l.includes(marker));
  if (found < 0) throw new Error(`content/content.js has no line with ${JSON.stringify(marker)}`);
  const session = await context.newCDPSession(page);
  let count = 0;
  let resumeAll = false;
  session.on('Debugger.paused', () => {
    count++;
    if (resumeAll) session.send('Debugger.resume').catch(() => {});
  });
  await session.send('Debugger.enable');
  await session.send('Debugger.setBreakpointByUrl', { urlRegex: 'content/content\\.js$', lineNumber: found + lineOffset });
  return {
    /** Waits until the page has paused there (once since the breakpoint was set). */
    paused: async (timeoutMs = 15000) => {
      const deadline = Date.now() + timeoutMs;
      while (count < 1) {
        if (Date.now() > deadline) throw new Error(`the content script did not reach ${JSON.stringify(marker)} within ${timeoutMs} ms`);
        await new Promise((ok) => setTimeout(ok, 10));
      }
    },
    /** From now on, resumes at once each time the page pauses (and resumes it now). */
    autoResume: async () => {
      resumeAll = true;
      await session.send('Debugger.resume').catch(() => {});
    },
    detach: () => session.detach().catch(() => {}),
  };
}
