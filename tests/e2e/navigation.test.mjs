// Opening the reader and leaving it (issue 7, "Opening it"), in the real
// extension (Debian's Chromium):
//  1. the reader replaces the page in its tab; Back, the button again, the
//     reader's own return (Escape, "back to page": UI_BG_RETURN) and the
//     keyboard shortcut lead back to the page;
//  2. pages the extension cannot read (a browser page, a text file, an
//     image) still end in a reader, whose article says why;
//  3. "always open in reader view" for a site: its pages open in the reader
//     by themselves, a page the user came back to stays, switching it off
//     stops it.
// The reader's own page is written elsewhere: these tests look at the tab's
// URL and at the StoredArticle in storage, not at the reader's DOM.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtemp, writeFile, copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import {
  ROOT, DIST, serveStatic, launchWithExtension, clickAction, tabIdOf, readWithPith, waitForReader,
  pagesNow, storedArticle, grantSiteAccess, isReaderUrl, READER_URL, stopServiceWorker, liveServiceWorker,
} from './lib.mjs';

let server;
let browser;
let generated;
let origin;

/** How long a navigation may take to show (the sample pages load in milliseconds). */
const NAVIGATION_TIMEOUT_MS = 10000;
/**
 * How long a test waits for something that must not happen (a second
 * auto-open) before it concludes that it did not: an auto-open's reader
 * showed 150–400 ms after the page loaded here (five runs); this is four
 * times the longest.
 */
const SETTLE_MS = 1600;
/** The shortcut manifest.json suggests (commands → read-page). */
const SHORTCUT = 'Alt+R';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

before(async () => {
  generated = await mkdtemp(join(tmpdir(), 'pith-nav-'));
  await writeFile(join(generated, 'notes.txt'), 'Lock keeping notes.\n'.repeat(40));
  await copyFile(join(ROOT, 'extension', 'icons', 'pith-128.png'), join(generated, 'lock.png'));
  server = await serveStatic({
    '/samples/': join(ROOT, 'www', 'samples') + '/',
    '/generated/': `${generated}/`,
  });
  origin = new URL(server.url('/')).origin;
  browser = await launchWithExtension(join(DIST, 'chrome'));
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (generated) await rm(generated, { recursive: true, force: true });
});

afterEach(async () => {
  for (const page of browser.context.pages().slice(1)) await page.close({ runBeforeUnload: false });
});

/** Waits until `page` shows `url` (or a URL that `url` matches, for a RegExp). */
async function waitForUrl(page, url, timeoutMs = NAVIGATION_TIMEOUT_MS) {
  const matches = () => (url instanceof RegExp ? url.test(page.url()) : page.url() === url);
  const deadline = Date.now() + timeoutMs;
  while (!matches() && Date.now() < deadline) await sleep(20);
  assert.ok(matches(), `the tab shows ${url} (it shows ${page.url()})`);
}

/** The Back button: chrome.tabs.goBack runs the browser's own Back (NavigationController::GoBack). */
async function browserBack(page) {
  const tabId = await tabIdOf(browser.worker, page.url());
  await browser.worker.evaluate((id) => chrome.tabs.goBack(id), tabId);
}

/**
 * The Forward button (chrome.tabs.goForward), as browserBack. Not
 * Playwright's goForward: it reads the tab's history over CDP, which failed
 * once ("Not attached to an active page") while the tab was still swapping
 * the web page's process for the one it had left.
 */
async function browserForward(page) {
  const tabId = await tabIdOf(browser.worker, page.url());
  await browser.worker.evaluate((id) => chrome.tabs.goForward(id), tabId);
}

/**
 * Sends UI_BG_RETURN from the reader in `reader`, as its Escape key does.
 * The reply may not arrive: the tab leaves the reader meanwhile.
 */
async function sendReturn(reader) {
  const reply = await reader.evaluate(() => chrome.runtime.sendMessage({ type: PithMessages.UI_BG_RETURN }))
    .catch((e) => {
      if (/context was destroyed|Target closed|navigat/i.test(e.message)) return null;
      throw e;
    });
  if (reply !== null) assert.deepEqual(reply, { ok: true });
}

/** An extension page to send the reader's messages from (as the reader does). */
async function extensionPage() {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.extensionId}/ui/reader.html`);
  return page;
}

/**
 * Presses the shortcut on `page` as a user would: a key event through CDP
 * (Input.dispatchKeyEvent) reaches the browser's shortcut handling, which
 * runs the extension's command (chrome.commands.onCommand).
 */
async function pressShortcut(page) {
  await page.bringToFront();
  await browser.worker.evaluate(async () => {
    for (;;) {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      if (tab && tab.status === 'complete') return;
      await new Promise((ok) => setTimeout(ok, 20));
    }
  });
  const session = await browser.context.newCDPSession(page);
  try {
    const key = { modifiers: 1 /* Alt */, key: 'r', code: 'KeyR', windowsVirtualKeyCode: 82, nativeVirtualKeyCode: 82 };
    await session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
    await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
  } finally {
    await session.detach();
  }
}

// 1. Opening and returning.

test('the reader opens in the page\'s tab, and the browser\'s Back returns to the page', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url('/samples/listing.html'));
  await page.goto(server.url('/samples/article.html'));
  await page.mouse.click(5, 5); // the user has interacted with the page (see returnToPage)
  const tabs = browser.context.pages().length;
  const { reader } = await readWithPith(browser, null, { page });
  assert.equal(reader, page, 'the same tab');
  assert.equal(browser.context.pages().length, tabs, 'no new tab');
  const article = await storedArticle(browser.worker, page.url());
  assert.equal(article.result.ok, true, article.result.error);
  assert.equal(article.sourceUrl, server.url('/samples/article.html'));
  assert.equal(article.result.extraction.title, 'The Quiet Engineering of Canal Locks');
  await browserBack(page);
  await waitForUrl(page, server.url('/samples/article.html'));
  await browserForward(page);
  await waitForUrl(page, READER_URL);
  assert.ok(isReaderUrl(page.url()), 'the reader is the next entry in the tab\'s history');
});

test('the button on the reader, and the reader\'s own return, lead back to the page, even one never touched', async () => {
  // A page the user never interacted with: Chromium's Back would skip its
  // entry (history-manipulation intervention), landing on the listing.
  const source = server.url('/samples/article.html');
  for (const how of ['button', 'UI_BG_RETURN']) {
    const page = await browser.context.newPage();
    await page.goto(server.url('/samples/listing.html'));
    await page.goto(source);
    const { reader } = await readWithPith(browser, null, { page });
    assert.ok(isReaderUrl(reader.url()));
    if (how === 'button') {
      await clickAction(browser, reader);
    } else {
      await sendReturn(reader);
    }
    await waitForUrl(page, source);
    await page.close();
  }
});

test(`the keyboard shortcut (${SHORTCUT}) opens the reader and closes it`, async () => {
  const commands = await browser.worker.evaluate(() => chrome.commands.getAll());
  const command = commands.find((c) => c.name === 'read-page');
  assert.deepEqual([command.shortcut, command.description], [SHORTCUT, 'Open or close the reader view']);
  const page = await browser.context.newPage();
  await page.goto(server.url('/samples/article.html'));
  const before = pagesNow(browser.context);
  await pressShortcut(page);
  const reader = await waitForReader(browser.context, before, NAVIGATION_TIMEOUT_MS);
  assert.equal(reader, page, 'in the same tab');
  const article = await storedArticle(browser.worker, reader.url());
  assert.equal(article.result.ok, true, article.result.error);
  await pressShortcut(reader);
  await waitForUrl(page, server.url('/samples/article.html'));
});

// 2. Pages the extension cannot read: a reader that says why.

// A browser page keeps its tab: its address is hidden from the extension
// (it could not load it again) and Chromium's Back would skip it (the user
// never touched it); the reader opens next to it, and closes to return.
for (const [what, path, reason, sameTab] of [
  ['a browser page (chrome://version)', 'chrome://version/', 'restricted', false],
  ['a text file', '/generated/notes.txt', 'not-html', true],
  ['an image', '/generated/lock.png', 'not-html', true],
]) {
  test(`${what} opens a reader that says why it cannot be read (${reason})`, async () => {
    const url = path.startsWith('/') ? server.url(path) : path;
    const page = await browser.context.newPage();
    await page.goto(url);
    const before = pagesNow(browser.context);
    await clickAction(browser, page);
    const reader = await waitForReader(browser.context, before, NAVIGATION_TIMEOUT_MS);
    assert.equal(reader === page, sameTab, sameTab ? 'in the same tab' : 'in a tab of its own');
    const { result } = await storedArticle(browser.worker, reader.url());
    assert.equal(result.ok, false);
    assert.equal(result.reason, reason, result.error);
    assert.ok(result.error.length > 0, 'with the browser\'s or the core\'s words');
    // And back to the page.
    await clickAction(browser, reader);
    if (!sameTab) {
      const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
      while (!reader.isClosed() && Date.now() < deadline) await sleep(20);
      assert.ok(reader.isClosed(), 'the reader\'s tab closed');
      await page.waitForFunction(() => document.visibilityState === 'visible', null, { timeout: NAVIGATION_TIMEOUT_MS });
    }
    await waitForUrl(page, url);
  });
}

// 3. "Always open in reader view".

/** Sends UI_BG_SET_ALWAYS_OPEN from an extension page, as the reader does. */
async function setAlwaysOpen(on) {
  const ui = await extensionPage();
  try {
    return await ui.evaluate(([o, v]) => chrome.runtime.sendMessage({ type: PithMessages.UI_BG_SET_ALWAYS_OPEN, origin: o, on: v }), [origin, on]);
  } finally {
    await ui.close();
  }
}

const alwaysOpenState = () => browser.worker.evaluate(async (o) => ({
  list: (await chrome.storage.local.get(PITH_ALWAYS_OPEN_KEY))[PITH_ALWAYS_OPEN_KEY] ?? [],
  scripts: (await chrome.scripting.getRegisteredContentScripts()).map(({ id, matches, js, runAt, allFrames }) => ({ id, matches, js, runAt, allFrames })),
  access: await chrome.permissions.contains({ origins: [`${o}/*`] }),
}), origin);

test('"always open" is refused for a site the extension was not given access to', async () => {
  assert.equal((await alwaysOpenState()).access, false);
  const reply = await setAlwaysOpen(true);
  assert.equal(reply.ok, false);
  assert.match(reply.error, /no access/);
  assert.deepEqual((await alwaysOpenState()).list, []);
});

test('an "always open" site opens in the reader by itself, once per page, until switched off', { timeout: 90000 }, async () => {
  await grantSiteAccess(browser, origin); // what the reader's switch asks for (chrome.permissions.request)
  assert.deepEqual(await setAlwaysOpen(true), { ok: true });
  const script = { id: 'pith-auto-open', matches: [`${origin}/*`], js: ['content/auto.js'], runAt: 'document_idle', allFrames: false };
  assert.deepEqual(await alwaysOpenState(), { list: [origin], scripts: [script], access: true });

  // A page of the site opens in the reader, in its tab.
  const article = server.url('/samples/article.html');
  const page = await browser.context.newPage();
  let before = pagesNow(browser.context);
  await page.goto(article);
  assert.equal(await waitForReader(browser.context, before, NAVIGATION_TIMEOUT_MS), page, 'in its tab');
  assert.equal((await storedArticle(browser.worker, page.url())).sourceUrl, article);

  // Back to the page (the reader's return): it loads again and stays.
  await page.waitForLoadState();
  await sendReturn(page);
  await waitForUrl(page, article);
  await sleep(SETTLE_MS);
  assert.equal(page.url(), article, 'not sent to the reader again');
  await page.reload();
  await sleep(SETTLE_MS);
  assert.equal(page.url(), article, 'nor after a reload');

  // Another page of the site in the same tab opens in the reader again.
  before = pagesNow(browser.context);
  await page.goto(server.url('/samples/no-article.html'));
  await waitForReader(browser.context, before, NAVIGATION_TIMEOUT_MS);
  assert.equal((await storedArticle(browser.worker, page.url())).sourceUrl, server.url('/samples/no-article.html'));

  // A text file of the site is left alone (the reader could not read it).
  const text = await browser.context.newPage();
  await text.goto(server.url('/generated/notes.txt'));
  await sleep(SETTLE_MS);
  assert.equal(text.url(), server.url('/generated/notes.txt'));

  // The registration is made again by a new worker from the stored list.
  await browser.worker.evaluate(() => chrome.scripting.unregisterContentScripts());
  await stopServiceWorker(browser);
  const ui = await extensionPage(); // wakes a worker
  await ui.close();
  browser.worker = (await liveServiceWorker(browser)).worker;
  const deadline = Date.now() + NAVIGATION_TIMEOUT_MS;
  while ((await alwaysOpenState()).scripts.length === 0 && Date.now() < deadline) await sleep(50);
  assert.deepEqual((await alwaysOpenState()).scripts, [script]);

  // Switched off: the list, the script and the permission go.
  assert.deepEqual(await setAlwaysOpen(false), { ok: true });
  assert.deepEqual(await alwaysOpenState(), { list: [], scripts: [], access: false });
  const later = await browser.context.newPage();
  await later.goto(server.url('/samples/listing.html'));
  await sleep(SETTLE_MS);
  assert.equal(later.url(), server.url('/samples/listing.html'), 'no longer opened in the reader');
});
