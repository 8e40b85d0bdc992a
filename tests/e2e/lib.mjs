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
export const DIST = join(ROOT, 'dist');
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
  const session = await context.browser().newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const tab = targetInfos.find((t) => t.url === page.url());
    if (!tab) throw new Error(`no tab target for ${page.url()}`);
    await session.send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
  } finally {
    await session.detach();
  }
}

/** The tab id (chrome.tabs) of the page at `url`, asked of the service worker. */
export async function tabIdOf(worker, url) {
  return worker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === u);
    return tab ? tab.id : null;
  }, url);
}

/**
 * Waits for a reader tab that was not among `before` (a Set of pages) to
 * appear. (A 'page' event can fire before the new tab's URL is known, so
 * this polls the context's pages instead.)
 */
export async function waitForReader(context, before, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reader = context.pages().find((p) => !before.has(p) && p.url().includes('/ui/reader.html'));
    if (reader) return reader;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`no reader tab opened within ${timeoutMs} ms`);
}
