// Hostile and unusual pages, in the real extension (Debian's Chromium): each
// test is the regression test of a failure seen on such a page.
//  1. inline MathML lost its paragraph;
//  2. an element id such as "PithContent" switched Pith off;
//  3. a page of 200,000 elements stalled the reader (see also the bench);
//     a page above PACKED_MAX_ELEMENTS (extension/content/content.js) is
//     read by the core's own walk instead of walker.js;
//  4. a page could probe for Pith through a web-accessible file;
//  5. an article in a same-origin frame (or srcdoc) was "not an article";
//  6. a page of 70 million characters failed with the browser's message
//     error (a message over 64 MiB) after its walk;
//  7. strings only a script can make (lone UTF-16 surrogates, NUL), case
//     mappings of another length, controls and a 60,000-character word
//     (`pith-lab fuzz` mutates dumped pages the same way natively).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { largePageHtml, LARGE_PAGE_PARAGRAPHS } from '../eval/large-page.mjs';
import {
  ROOT, DIST, serveStatic, launchWithExtension, tabIdOf, readWithPith, readerParagraphs, grantSiteAccess,
  setReadPath,
} from './lib.mjs';

let server;
let browser;
let generated;

/** Elements of the large page (issue 11: a page of this size stalled the reader). */
const LARGE_PAGE_ELEMENTS = 200000;
/**
 * How long the large page may take to open in the reader here: far above
 * its time on an idle machine (see `./build.sh bench`, which reports it by
 * stage), so that only a stall or a failure fails the test, not a busy CI.
 */
const LARGE_PAGE_TIMEOUT_MS = 240000;

/**
 * Elements of the page read by the core's own (web-sys) walk in the page:
 * above PACKED_MAX_ELEMENTS of extension/content/content.js (250,000).
 */
const HUGE_PAGE_ELEMENTS = 260000;

before(async () => {
  generated = await mkdtemp(join(tmpdir(), 'pith-hostile-'));
  await writeFile(join(generated, 'large.html'), largePageHtml(LARGE_PAGE_ELEMENTS));
  await writeFile(join(generated, 'huge.html'), largePageHtml(HUGE_PAGE_ELEMENTS));
  server = await serveStatic({
    '/fixtures/': join(ROOT, 'tests', 'fixtures') + '/',
    '/generated/': `${generated}/`,
  });
  browser = await launchWithExtension(join(DIST, 'chrome'));
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (generated) await rm(generated, { recursive: true, force: true });
});

/** Reads `url` (or `page`) with Pith: see readWithPith in lib.mjs. */
const read = (url, options) => readWithPith(browser, url, options);

for (const csp of ['', '?csp=strict']) {
  const path = csp ? 'JS walker' : 'wasm';
  test(`inline formulas stay in their paragraph (${path} path)`, async (t) => {
    // A small page takes the JS walker by default: the wasm variant asks for the in-page path.
    if (!csp) await setReadPath(browser, 'wasm', t);
    const { page, reader } = await read(server.url(`/fixtures/hostile/formula.html${csp}`));
    const ps = await readerParagraphs(reader);
    const first = ps.find((p) => p.startsWith('Before the formula'));
    assert.ok(first, `the paragraph around the formula is shown: ${JSON.stringify(ps)}`);
    assert.match(first, /so that x=2 After the formula the text goes on/);
    assert.match(first, /chamber of width w and length l,/);
    assert.ok(ps.some((p) => /area r2 lets water in slowly; the chamber fills in VQ seconds/.test(p)), 'fractions and powers');
    // A display formula is a block of its own, as the browser lays it out.
    const lift = ps.findIndex((p) => p.endsWith('the two reaches, written'));
    assert.deepEqual(ps.slice(lift, lift + 3).map((p) => p.slice(0, 15)), ['The lift of a l', 'h=z1−z2', 'and every boat '],
      'a display formula keeps its text');
    assert.ok(ps.some((p) => p.includes('閘kō gates') && p.includes('cubic metres') && p.includes('a box-less wrapper')),
      'ruby (without its fallback parentheses), custom elements and display: contents');
    assert.match(await reader.locator('footer.about').innerText(), csp ? /JS walker/ : /read in the page by the wasm core/);
    await reader.close();
    await page.close();
  });
}

for (const path of ['js-walker', 'wasm']) {
  test(`odd strings keep the article whole (${path} path)`, async (t) => {
    await setReadPath(browser, path, t);
    const { page, reader } = await read(server.url('/fixtures/hostile/odd-strings.html'));
    assert.equal(await reader.locator('.status.error').count(), 0, 'no error');
    assert.match(await reader.locator('footer.about').innerText(), path === 'wasm' ? /read in the page by the wasm core/ : /JS walker/);
    assert.match(await reader.locator('article h1').first().innerText(), /^İstanbul’s Kelvin-sign ferry: K, Ⱥ and ẞ$/);
    // The metadata's date names no day (30 February, 25:61): no date is shown rather than the raw value.
    assert.equal(await reader.locator('article header time.published').count(), 0, 'no date');
    assert.match(await reader.locator('article header').innerText(), /Ayşe İnce/, 'the byline');
    const ps = await readerParagraphs(reader);
    const has = (re, what) => assert.ok(ps.some((p) => re.test(p)), `${what}: ${JSON.stringify(ps.map((p) => p.slice(0, 80)))}`);
    has(/^The ferry İSKELE crosses the strait .* when a program lowers or raises its case\.$/, 'case mappings of another length');
    has(/^Between these words sit controls .* of an icon font\.$/, 'controls and private-use characters');
    has(/^A character reference to NUL .* into the replacement character\.$/, 'NUL and out-of-range references');
    has(/^Lone halves . and . sit in this sentence, .* for anyone who reads on through a link with a lone half . in it\.$/, 'lone surrogates');
    has(/^A NUL . character made by a script stands between these words, .* like any other one\.$/, 'a NUL made by a script');
    has(/^Before the long word x{60000} after the long word the sentence ends\.$/, 'a 60,000-character word');
    has(/^A last paragraph keeps the article long enough .* İ to ẞ\.$/, 'the last paragraph');
    await reader.close();
    await page.close();
  });
}

test('a page too large to send to the background says so in words', async () => {
  // 70 million characters, made by the page's script (no 70 MB to serve):
  // the facts would be a message over Chromium's 64 MiB.
  const page = await browser.context.newPage();
  await page.goto(server.url('/fixtures/hostile/named-ids.html'));
  await page.evaluate(() => { document.querySelector('article p').textContent = 'locks and weirs '.repeat(4375000); });
  const { reader } = await read(null, { page, timeoutMs: 60000 });
  const status = await reader.locator('.status.error').innerText();
  assert.match(status, /^Pith could not read this page: its text is too long \(70 million characters\)\.$/);
  assert.doesNotMatch(status, /runtime\.sendMessage|MiB/, 'not the browser\'s own message');
  await reader.close();
});

test('element ids named like Pith\'s globals cannot switch it off', async () => {
  const url = server.url('/fixtures/hostile/named-ids.html');
  const { page, reader } = await read(url);
  assert.equal(await reader.locator('.status.error').count(), 0, 'no error');
  const ps = await readerParagraphs(reader);
  assert.ok(ps.some((p) => p.startsWith('Pages give their elements ids')), JSON.stringify(ps));
  // Back to the page (the reader replaced it in its tab), and a second
  // click: the content script, if still there, answers the handshake and is
  // not injected twice.
  await page.goBack();
  assert.equal(page.url(), url);
  const again = await read(null, { page });
  assert.ok((await readerParagraphs(again.reader)).some((p) => p.startsWith('This page declares elements')));
  await again.reader.close();
  await page.close();
});

test('no page can probe for Pith through its files', async (t) => {
  await setReadPath(browser, 'wasm', t); // the path that loads the wasm file in the page
  const { page, reader } = await read(server.url('/fixtures/hostile/named-ids.html'));
  assert.match(await reader.locator('footer.about').innerText(), /read in the page by the wasm core/, 'the wasm core still loads in the page');
  await page.goBack(); // the reader replaced the page in its tab
  assert.equal(page.url(), server.url('/fixtures/hostile/named-ids.html'));
  const id = browser.extensionId;
  const probes = await page.evaluate(async (ext) => {
    const out = {};
    for (const file of ['pkg/pith_bg.wasm', 'pkg/pith.js', 'manifest.json', 'content/content.js']) {
      try {
        const r = await fetch(`chrome-extension://${ext}/${file}`);
        out[file] = `status ${r.status}`;
      } catch (e) {
        out[file] = 'refused';
      }
    }
    return out;
  }, id);
  for (const [file, outcome] of Object.entries(probes)) assert.equal(outcome, 'refused', `${file}: ${outcome}`);
  await page.close();
});

test('an article in a same-origin frame is read', async () => {
  const { page, reader } = await read(server.url('/fixtures/hostile/framed.html'));
  const ps = await readerParagraphs(reader);
  assert.ok(ps.some((p) => p.startsWith('Beside most river locks stands a weir')), JSON.stringify(ps));
  assert.ok(ps.some((p) => p.startsWith('Old weirs were built of timber')));
  await page.close();
  // No frame was skipped. (The worker reads the page itself: the reader
  // replaced it in its tab, so the extension is given access to the site.)
  const revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  try {
    const again = await browser.context.newPage();
    await again.goto(server.url('/fixtures/hostile/framed.html'));
    const tabId = await tabIdOf(browser.worker, again.url());
    const result = await browser.worker.evaluate(([t]) => globalThis.pith.extractTab(t, { scores: false }), [tabId]);
    assert.equal(result.ok, true, result.error);
    assert.deepEqual(result.extraction.framesSkipped, []);
    await again.close();
  } finally {
    await revoke();
  }
});

test('an article in a srcdoc frame is read', async () => {
  const { page, reader } = await read(server.url('/fixtures/hostile/framed-srcdoc.html'));
  const ps = await readerParagraphs(reader);
  assert.ok(ps.some((p) => p.startsWith('A sluice is a small gate')), JSON.stringify(ps));
  await reader.close();
  await page.close();
});

test('cross-origin frames are named as skipped, on both paths', async () => {
  // The worker reads the page itself (a reader would replace it in its
  // tab): the extension is given access to the site.
  const revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  try {
    await readFramedPages();
  } finally {
    await revoke();
  }
});

async function readFramedPages() {
  for (const csp of ['', '?csp=strict']) {
    const page = await browser.context.newPage();
    await page.goto(server.url(`/fixtures/hostile/framed.html${csp}`));
    // localhost and 127.0.0.1 are different origins.
    const foreign = server.url('/fixtures/hostile/framed-article.html').replace('127.0.0.1', 'localhost');
    await page.evaluate((src) => new Promise((ok) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.onload = ok;
      document.body.append(f);
    }), foreign);
    const tabId = await tabIdOf(browser.worker, page.url());
    const options = csp ? { scores: false } : { scores: false, path: 'wasm' };
    const result = await browser.worker.evaluate(([t, o]) => globalThis.pith.extractTab(t, o), [tabId, options]);
    assert.equal(result.ok, true, result.error);
    assert.equal(result.path, csp ? 'js-walker' : 'wasm', result.wasmError);
    assert.deepEqual(result.extraction.framesSkipped, [foreign]);
    assert.ok(result.extraction.text.includes('Beside most river locks'), 'the same-origin frame is still read');
    await page.close();
  }
}

test('a page of 260,000 elements is read in the page by the core\'s own walk', { timeout: LARGE_PAGE_TIMEOUT_MS + 60000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url('/generated/huge.html'), { timeout: 60000 });
  const revoke = await grantSiteAccess(browser, new URL(server.url('/')).origin);
  try {
    const tabId = await tabIdOf(browser.worker, page.url());
    const r = await browser.worker.evaluate(([id]) => globalThis.pith.extractTab(id, { scores: false }), [tabId]);
    assert.equal(r.ok, true, r.error);
    assert.equal(r.path, 'wasm');
    assert.equal(r.walker, 'web-sys');
    const text = r.extraction.text;
    assert.ok(text.includes(`${LARGE_PAGE_PARAGRAPHS - 1} Locks lift boats`), 'the article\'s last paragraph');
    assert.ok(!text.includes('Section 39'), 'none of the link lists');
  } finally {
    await revoke();
    await page.close();
  }
});

test('a page of 200,000 elements opens in the reader', { timeout: LARGE_PAGE_TIMEOUT_MS + 60000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url('/generated/large.html'), { timeout: 60000 });
  assert.ok(await page.evaluate(() => document.getElementsByTagName('*').length) > LARGE_PAGE_ELEMENTS * 0.99);
  const { reader } = await read(null, { page, timeoutMs: LARGE_PAGE_TIMEOUT_MS });
  assert.equal(await reader.locator('.status.error').count(), 0, 'no error');
  const ps = await readerParagraphs(reader);
  assert.equal(ps.length, LARGE_PAGE_PARAGRAPHS, 'every paragraph of the article, none of the link lists');
  assert.ok(ps[LARGE_PAGE_PARAGRAPHS - 1].startsWith(`${LARGE_PAGE_PARAGRAPHS - 1} Locks lift boats`));
  await reader.close();
  await page.close();
});
