// The extension, end to end, in Debian's Chromium: a click on the toolbar
// button extracts the sample article (served from 127.0.0.1) and shows the
// reader in the page's tab; on a page whose CSP blocks WebAssembly the JS walker takes over and
// must give the same scores.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  ROOT, DIST, serveStatic, launchWithExtension, clickAction, tabIdOf, waitForReader, readWithPith,
  pagesNow, storedArticle, grantSiteAccess, waitForRendered, setReadPath,
} from './lib.mjs';

let server;
let browser;

before(async () => {
  server = await serveStatic({ '/samples/': join(ROOT, 'www', 'samples') + '/' });
  browser = await launchWithExtension(join(DIST, 'chrome'));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Text the sample article's reader view must show, and must not. */
const ARTICLE_TEXT = [
  'A canal lock is a staircase for boats.',
  'Small sluices in the upper gate let water from the higher reach pour into the chamber.',
  'Most locks use mitre gates',
  'Water is the real cost of every passage.',
];
const CHROME_TEXT = [
  'Subscribe today', 'About us', // navigation
  'Most read', 'Narrowboat living on a budget', 'Sign up for our newsletter', // sidebar
  'rowan_k', 'My grandfather kept a lock', // comments
  'All rights reserved', 'Privacy', // footer
];

/** Opens `path` of the test server and reads it with Pith (see lib.mjs). */
const readPath = (path) => readWithPith(browser, server.url(path));

async function assertReaderShowsOnlyTheArticle(reader) {
  const paragraphs = await reader.locator('article p').allTextContents();
  const all = await reader.locator('main').innerText();
  for (const t of ARTICLE_TEXT) {
    assert.ok(paragraphs.some((p) => p.includes(t)), `reader lacks article text: ${t}`);
  }
  for (const t of CHROME_TEXT) assert.ok(!all.includes(t), `reader shows page chrome: ${t}`);
  assert.equal(await reader.locator('h1').textContent(), 'The Quiet Engineering of Canal Locks');
  assert.equal(await reader.locator('.byline').textContent(), 'Maren Holt');
  assert.ok(await reader.locator('h2', { hasText: 'Why the gates point upstream' }).count() === 1);
}

test('the toolbar button opens the reader with the article and none of the page chrome', async () => {
  // A page of ordinary size: read by the JS walker, scored by the background's core.
  const { page, reader } = await readPath('/samples/article.html');
  await assertReaderShowsOnlyTheArticle(reader);
  assert.match(await reader.locator('footer.about').innerText(), /read by the JS walker and scored by the wasm core/);
  await reader.close();
  await page.close();
});

test('asked for the in-page path, the wasm core reads the page and gives the same reader', async (t) => {
  await setReadPath(browser, 'wasm', t);
  const { page, reader } = await readPath('/samples/article.html');
  await assertReaderShowsOnlyTheArticle(reader);
  assert.match(await reader.locator('footer.about').innerText(), /read in the page by the wasm core in/);
  await reader.close();
  await page.close();
});

test('on a page whose CSP blocks WebAssembly, the JS walker path gives the same reader', async () => {
  const { page, reader } = await readPath('/samples/article.html?csp=strict');
  await assertReaderShowsOnlyTheArticle(reader);
  assert.match(await reader.locator('footer.about').innerText(), /JS walker/);
  await reader.close();
  await page.close();
});

test('the JS-walker path loads no wasm in the page; the in-page path loads the core once, when asked', async () => {
  const revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  const page = await browser.context.newPage();
  try {
    await page.goto(server.url('/samples/article.html?glue=1'));
    const tabId = await tabIdOf(browser.worker, page.url());
    const read = (options) => browser.worker.evaluate(([id, o]) => globalThis.pith.extractTab(id, o), [tabId, options]);
    // Whether the glue is in the content script's world (content/core.js files it under this symbol).
    const coreInPage = () => browser.worker.evaluate(async ([id]) => {
      const [r] = await chrome.scripting.executeScript({
        target: { tabId: id, frameIds: [0] }, func: () => typeof globalThis[Symbol.for('pith.core')],
      });
      return r.result;
    }, [tabId]);
    const first = await read({ scores: false });
    assert.equal(first.ok, true, first.error);
    assert.equal(first.path, 'js-walker');
    assert.equal(await coreInPage(), 'undefined', 'a page read by the JS walker gets no wasm glue');
    const inPage = await read({ scores: false, path: 'wasm' });
    assert.equal(inPage.ok, true, inPage.error);
    assert.equal(inPage.path, 'wasm');
    assert.equal(await coreInPage(), 'function');
    assert.equal(inPage.extraction.text, first.extraction.text);
    // Again: the glue is there (its top-level `let` could not run twice).
    const again = await read({ scores: false, path: 'wasm' });
    assert.equal(again.ok, true, again.error);
    assert.equal(again.path, 'wasm');
    assert.equal(again.extraction.text, first.extraction.text);
  } finally {
    await page.close();
    await revoke();
  }
});

test('both paths produce the same per-node scores on one page', async () => {
  // The page stays (no reader replaces it): the extension is given access
  // to the test server's pages, and the worker reads them.
  const revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  const results = {};
  try {
    // The same address shape on both (one query parameter): the page type
    // reads the address, and only the policy may differ.
    for (const [name, path] of [['plain', '/samples/article.html?csp=none'], ['strict', '/samples/article.html?csp=strict']]) {
      const page = await browser.context.newPage();
      await page.goto(server.url(path));
      const tabId = await tabIdOf(browser.worker, page.url());
      // The in-page path asked for: the strict page falls back to the JS walker.
      results[name] = await browser.worker.evaluate(
        ([id]) => globalThis.pith.extractTab(id, { scores: true, path: 'wasm' }), [tabId]);
      await page.close();
    }
  } finally {
    await revoke();
  }
  const { plain, strict } = results;
  assert.equal(plain.ok, true, plain.error);
  assert.equal(strict.ok, true, strict.error);
  assert.equal(plain.path, 'wasm');
  assert.equal(strict.path, 'js-walker');
  assert.match(strict.wasmError, /CompileError/);
  const { scores } = plain.extraction;
  assert.ok(scores.rows.length > 40, 'the score table covers the page');
  assert.ok(scores.rows.every((r) => r.values.length === scores.columns.length), 'one value per column');
  const score = scores.columns.findIndex((c) => c.key === 'decision.score');
  assert.ok(score >= 0, 'the table has the decision\'s score column');
  const leaves = scores.rows.filter((r) => r.values[score] != null);
  assert.ok(leaves.length > 0, 'the decision scored the leaves');
  assert.equal(leaves.length, plain.extraction.stats.leaves, 'every leaf has a decision score');
  assert.ok(plain.extraction.stats.visual, 'the live walk read visual facts');
  assert.deepEqual(strict.extraction.scores, scores);
  assert.equal(strict.extraction.text, plain.extraction.text);
});

test('the reader reports pages the extension cannot read', async () => {
  const page = await browser.context.newPage();
  await page.goto('about:blank');
  const before = pagesNow(browser.context);
  await clickAction(browser, page);
  // (In a tab of its own: see navigation.test.mjs.)
  const reader = await waitForReader(browser.context, before);
  const { result } = await storedArticle(browser.worker, reader.url());
  assert.equal(result.ok, false);
  assert.equal(result.reason, 'restricted', result.error);
  await reader.close();
  await page.close();
});

test('a click on the reader returns to the page, in the same tab', async () => {
  const { page, reader } = await readPath('/samples/article.html');
  assert.equal(reader, page, 'the reader replaced the page in its tab');
  const source = server.url('/samples/article.html');
  await clickAction(browser, reader);
  const deadline = Date.now() + 10000;
  while (page.url() !== source && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
  assert.equal(page.url(), source);
  assert.equal(browser.context.pages().filter((p) => p.url().includes('/ui/reader.html')).length, 0, 'no reader tab left');
  await page.close();
});

test('a page with megabytes of text still opens in the reader', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url('/samples/article.html'));
  // 6 MB of article text: fits once in session storage (10 MB), not twice.
  await page.evaluate(() => {
    const article = document.getElementById('main-article');
    const sentence = 'Locks lift boats with water and patience, one chamber at a time. ';
    for (let i = 0; i < 600; i++) {
      const p = document.createElement('p');
      p.textContent = `${i} ${sentence.repeat(150)}`;
      article.append(p);
    }
  });
  const before = pagesNow(browser.context);
  await clickAction(browser, page);
  const reader = await waitForReader(browser.context, before, 60000);
  await waitForRendered(reader, 60000);
  assert.equal(await reader.locator('.status.error').count(), 0);
  assert.ok(await reader.locator('article p').count() > 600);
  assert.match(await reader.locator('footer.about').innerText(), /^\d{6,} words/);
  await reader.close();
  await page.close();
});
