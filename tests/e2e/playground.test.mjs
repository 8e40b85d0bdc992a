// The playground (dist/www), end to end in Debian's Chromium: the wasm core
// walks the sample rendered in a sandboxed same-origin iframe, outlines the
// article's blocks and root, fills the score table, and re-extracts when
// another sample is picked. Core errors reach JS as `Error`s.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DIST, CHROMIUM, serveStatic, chromiumArgs } from './lib.mjs';

let server;
let browser;

before(async () => {
  server = await serveStatic({ '/': join(DIST, 'www') + '/' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits until the playground has extracted `sample` (or reported an error). */
async function waitForExtraction(page, sample) {
  await page.waitForFunction(
    (s) => document.body.dataset.state === 'error'
      || (document.body.dataset.state === 'done' && document.body.dataset.sample === s),
    sample, { timeout: 20000 });
  const state = await page.evaluate(() => document.body.dataset.state);
  if (state === 'error') {
    assert.fail(`playground error: ${await page.locator('#error').textContent()}`);
  }
}

/** Opens the playground at `query`; page errors are collected in `errors`. */
async function openPlayground(query = '', sample = 'article') {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(server.url(`/index.html${query}`));
  await waitForExtraction(page, sample);
  return { page, errors };
}

/** Facts about the outlines in the iframe, read through contentDocument. */
function outlines(page) {
  return page.evaluate(() => {
    const d = document.getElementById('frame').contentDocument;
    const marked = [...d.querySelectorAll('[data-pith-block]:not(.pith-outline)')];
    const roots = [...d.querySelectorAll('[data-pith-root]')];
    const chrome = ['#site-nav', '#sidebar', '#comments', '#site-footer'];
    return {
      url: d.URL,
      marked: marked.length,
      rootIds: roots.map((r) => r.id),
      rootTags: roots.map((r) => r.localName),
      rootHoldsAll: roots.length === 1 && marked.every((m) => roots[0].contains(m)),
      paragraphs: [...d.querySelectorAll('#main-article p:not(.byline)')]
        .map((p) => p.hasAttribute('data-pith-block')),
      markedInChrome: chrome.flatMap((c) => [...d.querySelectorAll(`${c}, ${c} *`)])
        .filter((e) => e.hasAttribute('data-pith-block')).length,
      chromeFound: chrome.filter((c) => d.querySelector(c)).length,
      firstOutline: marked[0] ? d.defaultView.getComputedStyle(marked[0]).outlineStyle : null,
      rootOutline: roots[0] ? d.defaultView.getComputedStyle(roots[0]).outlineStyle : null,
    };
  });
}

/** The score table as [{node, role, weight}], and the extraction's max weight. */
function scoreTable(page) {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('#scores tbody tr')].map((tr) => ({
      node: Number(tr.cells[0].textContent),
      role: tr.cells[2].textContent,
      weight: tr.cells[8].textContent === '' ? null : Number(tr.cells[8].textContent),
    }));
    const ex = window.playground.extraction;
    const weights = ex.scores.filter((s) => s.weight != null).map((s) => s.weight);
    return { rows, maxWeight: Math.max(...weights), root: ex.root, total: ex.scores.length };
  });
}

const summary = (page, field) => page.locator(`#summary dd[data-field="${field}"]`).textContent();

test('the article sample: blocks and root outlined, chrome left alone, scores sorted', async () => {
  const { page, errors } = await openPlayground();
  assert.equal(await page.locator('#sample').inputValue(), 'article');

  const o = await outlines(page);
  assert.match(o.url, /\/samples\/article\.html$/);
  assert.ok(o.paragraphs.length >= 5, 'the sample has its paragraphs');
  assert.ok(o.paragraphs.every(Boolean), `every article paragraph is a block: ${o.paragraphs}`);
  assert.equal(o.chromeFound, 4, 'the sample has nav, sidebar, comments and footer');
  assert.equal(o.markedInChrome, 0, 'nothing in nav, sidebar, comments or footer is a block');
  assert.deepEqual(o.rootIds, ['main-article']);
  assert.ok(o.rootHoldsAll, 'the root holds every outlined block');
  assert.notEqual(o.firstOutline, 'none');
  assert.equal(o.rootOutline, 'dashed');

  const t = await scoreTable(page);
  assert.ok(t.rows.length > 0, 'the score table has rows');
  assert.equal(t.rows[0].role, 'subtree');
  assert.equal(t.rows[0].weight, Number(t.maxWeight.toFixed(2)), 'the first row has the highest weight');
  assert.equal(t.rows[0].node, t.root, 'the heaviest subtree is the chosen root');
  assert.ok(t.rows.every((r) => r.role !== 'none' && r.role !== 'row'), 'none/row rows hidden by default');
  await page.locator('#show-all').check();
  assert.equal(await page.locator('#scores tbody tr').count(), t.total, 'show all nodes lists every row');

  assert.equal(await summary(page, 'title'), 'The Quiet Engineering of Canal Locks');
  assert.equal(await summary(page, 'readerable'), 'yes');
  assert.match(await summary(page, 'time'), /^\d+\.\d\d ms/);
  const text = await page.locator('#text').innerText();
  assert.ok(text.includes('A canal lock is a staircase for boats.'));
  for (const chrome of ['Subscribe today', 'Most read', 'rowan_k', 'All rights reserved']) {
    assert.ok(!text.includes(chrome), `extracted text shows page chrome: ${chrome}`);
  }

  // Hovering a row draws a temporary box over that node in the iframe.
  const highlights = () => page.evaluate(
    () => document.getElementById('frame').contentDocument.querySelectorAll('.pith-highlight').length);
  await page.locator('#scores tbody tr[data-role="leaf"]').first().hover();
  assert.equal(await highlights(), 1);
  await page.locator('h1').hover();
  assert.equal(await highlights(), 0);

  assert.deepEqual(errors, []);
  await page.close();
});

test('picking the listing sample re-renders, re-extracts and frees the old LivePage', async () => {
  const { page, errors } = await openPlayground();
  const old = await page.evaluateHandle(() => window.playground.page);
  assert.ok(await old.evaluate((p) => p.nodeCount > 0));

  await page.selectOption('#sample', 'listing');
  await waitForExtraction(page, 'listing');

  const o = await outlines(page);
  assert.match(o.url, /\/samples\/listing\.html$/);
  assert.equal(o.paragraphs.length, 0, 'the article is gone');
  assert.ok(o.marked > 0, 'the listing has outlined blocks');
  assert.equal(o.rootTags.length, 1);
  assert.ok(o.rootHoldsAll);
  assert.equal(await summary(page, 'title'), 'Canals: latest stories | Waterways Weekly');
  assert.equal(await summary(page, 'readerable'), 'no');
  const t = await scoreTable(page);
  assert.equal(t.rows[0].node, t.root);
  assert.equal(t.rows[0].weight, Number(t.maxWeight.toFixed(2)));
  assert.equal(new URL(page.url()).searchParams.get('sample'), 'listing');

  assert.ok(await page.evaluate((p) => window.playground.page !== p && window.playground.page.nodeCount > 0, old));
  const oldUse = await old.evaluate((p) => {
    try { return `no error: ${p.nodeCount}`; } catch (e) { return e instanceof Error ? 'threw' : 'threw non-Error'; }
  });
  assert.equal(oldUse, 'threw', 'the old LivePage was freed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('?sample=listing picks the listing sample', async () => {
  const { page, errors } = await openPlayground('?sample=listing', 'listing');
  assert.equal(await page.locator('#sample').inputValue(), 'listing');
  assert.match((await outlines(page)).url, /\/samples\/listing\.html$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('text-node runs (anonymous blocks) get a positioned box over their text', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // A page whose story block holds loose text beside a paragraph.
  await page.route('**/samples/no-article.html', (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><title>Loose text</title></head><body>
      <nav><a href="/">Home</a> <a href="/x">Elsewhere</a></nav>
      <div id="story">Loose text sits right in the story block, with <b>bold words</b> around it,
        so that it counts as a block of its own.
        <p>A proper paragraph follows the loose text and carries more words than the navigation.</p>
        <span id="tail">More loose words after the paragraph form a second anonymous block.</span></div>
      </body></html>`,
  }));
  await page.goto(server.url('/index.html?sample=no-article'));
  await waitForExtraction(page, 'no-article');
  const boxes = await page.evaluate(() => {
    const d = document.getElementById('frame').contentDocument;
    const textRect = (node) => { const r = d.createRange(); r.selectNodeContents(node); return r.getBoundingClientRect(); };
    const covers = (box, r) => {
      const b = box.getBoundingClientRect();
      return b.left <= r.left + 1 && b.top <= r.top + 1 && b.right >= r.right - 1 && b.bottom >= r.bottom - 1;
    };
    const story = d.getElementById('story');
    return [...d.querySelectorAll('.pith-outline')].map((box) => ({
      block: box.getAttribute('data-pith-block'),
      position: d.defaultView.getComputedStyle(box).position,
      coversLead: covers(box, textRect(story.firstChild)),
      coversTail: covers(box, textRect(d.getElementById('tail'))),
    }));
  });
  assert.equal(boxes.length, 2, JSON.stringify(boxes));
  assert.ok(boxes.every((b) => b.position === 'absolute' && /^\d+$/.test(b.block)));
  assert.ok(boxes[0].coversLead, 'the first box covers the leading loose text');
  assert.ok(boxes[1].coversTail, 'the second box covers the trailing loose text');
  await page.close();
});

test('a core error surfaces as a JS Error whose message starts with "pith:"', async () => {
  const { page } = await openPlayground();
  const result = await page.evaluate(() => {
    try {
      wasm_bindgen.extractFacts({ nodes: [{ parent: 5, tag: 'p' }] });
      return null;
    } catch (e) {
      return { isError: e instanceof Error, message: e.message };
    }
  });
  assert.ok(result, 'extractFacts threw');
  assert.equal(result.isError, true);
  assert.match(result.message, /^pith:/);
  await page.close();
});

test('a wasm core that fails to load is reported in the page', async () => {
  const page = await browser.newPage();
  await page.route('**/pkg/pith_bg.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(server.url('/index.html'));
  await page.waitForFunction(() => document.body.dataset.state === 'error', null, { timeout: 20000 });
  assert.ok(await page.locator('#error').isVisible());
  assert.match(await page.locator('#error').textContent(), /Could not load the Pith wasm core/);
  await page.close();
});
