// The playground (dist/www), end to end in Debian's Chromium: the wasm core
// walks the sample rendered in a sandboxed same-origin iframe, outlines the
// content blocks and the root, fills the summary and the score table (its
// columns the core's own `scores.columns`; sortable, filterable), and
// re-extracts when another sample is picked. Core errors reach JS as
// `Error`s. Tests named "what is extracted" check the decision itself (which
// blocks the article sample keeps); the others check the format and the UI.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { ROOT, DIST, CHROMIUM, serveStatic, chromiumArgs } from './lib.mjs';

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

/** The score table as shown: header cells and rows, and the extraction's score table. */
function scoreTable(page) {
  return page.evaluate(() => {
    const t = document.getElementById('scores');
    const headers = [...t.querySelectorAll('thead tr.labels th')].map((th) => ({
      key: th.dataset.key,
      label: th.textContent,
      title: th.title,
      sort: th.getAttribute('aria-sort'),
    }));
    const keys = headers.map((h) => h.key);
    const rows = [...t.tBodies[0].rows].map((tr) => ({
      node: Number(tr.dataset.node),
      tag: tr.cells[keys.indexOf('tag')].textContent,
      content: tr.cells[keys.indexOf('content')].textContent === 'yes',
      reason: tr.cells[keys.indexOf('reason')].textContent,
      leaf: tr.hasAttribute('data-leaf'),
      root: tr.classList.contains('root'),
      score: keys.includes('decision.score') ? tr.cells[keys.indexOf('decision.score')].textContent : null,
    }));
    const ex = window.playground.extraction;
    return {
      headers, rows, root: ex.root, scores: ex.scores,
      count: document.getElementById('row-count').textContent,
    };
  });
}

/** Column `key`'s value in row `r` of `scores` (null where absent). */
function valueOf(scores, key) {
  const i = scores.columns.findIndex((c) => c.key === key);
  assert.ok(i >= 0, `the core has a ${key} column`);
  return (r) => r.values[i];
}

/** Node ids of `rows` sorted by `get` (nulls last either way; node order breaks ties). */
function expectedOrder(rows, get, desc) {
  return rows.map((r) => ({ node: r.node, v: get(r) }))
    .sort((a, b) => {
      if (a.v == null || b.v == null) return a.v == null && b.v == null ? a.node - b.node : a.v == null ? 1 : -1;
      const c = typeof a.v === 'string' ? a.v.localeCompare(b.v) : a.v - b.v;
      return c ? (desc ? -c : c) : a.node - b.node;
    })
    .map((x) => x.node);
}

const summary = (page, field) => page.locator(`#summary dd[data-field="${field}"]`).textContent();
const highlights = (page) => page.evaluate(
  () => document.getElementById('frame').contentDocument.querySelectorAll('.pith-highlight').length);
const clickHeader = (page, key) => page.locator(`#scores thead th[data-key="${key}"] button`).click();

test('the article sample: content blocks and the root outlined, summary filled', async () => {
  const { page, errors } = await openPlayground();
  assert.equal(await page.locator('#sample').inputValue(), 'article');

  const o = await outlines(page);
  assert.match(o.url, /\/samples\/article\.html$/);
  assert.ok(o.marked > 0, 'content blocks are outlined');
  assert.equal(o.rootTags.length, 1, 'one root');
  assert.ok(o.rootHoldsAll, 'the root holds every outlined block');
  assert.notEqual(o.firstOutline, 'none');
  assert.equal(o.rootOutline, 'dashed');

  const ex = await page.evaluate(() => {
    const { version, pageType, readerableReason, root } = window.playground.extraction;
    return { version, pageType, readerableReason, root, blocks: window.playground.textBlocks.length };
  });
  assert.equal(ex.version, 4);
  assert.equal(await summary(page, 'title'), 'The Quiet Engineering of Canal Locks');
  assert.equal(await summary(page, 'page-type'),
    `${ex.pageType.kind} (${Math.round(ex.pageType.confidence * 100)}% confidence)`);
  assert.match(await summary(page, 'page-type'), /^[a-zA-Z]+ \(\d+% confidence\)$/);
  assert.match(await page.locator('#summary dd[data-field="page-type"]').getAttribute('title'), /P\(article\): \d+%/);
  assert.ok(ex.readerableReason.length > 0, 'the core gives a readerable reason');
  assert.equal(await summary(page, 'readerable-reason'), ex.readerableReason);
  assert.match(await summary(page, 'readerable'), /^(yes|no)$/);
  assert.match(await summary(page, 'root'), new RegExp(`^node ${ex.root} <[a-z0-9-]+>$`));
  assert.match(await summary(page, 'nodes'), /^\d+ \(\d+ elements, \d+ leaves\)$/);
  assert.equal(await summary(page, 'blocks'), String(ex.blocks));
  assert.match(await summary(page, 'time'), /^\d+\.\d\d ms/);
  assert.equal(await page.locator('#text [data-block]').count(), ex.blocks);

  assert.deepEqual(errors, []);
  await page.close();
});

test('the article sample: what is extracted (the article, none of the page chrome)', async () => {
  const { page, errors } = await openPlayground();
  const o = await outlines(page);
  assert.ok(o.paragraphs.length >= 5, 'the sample has its paragraphs');
  assert.ok(o.paragraphs.every(Boolean), `every article paragraph is a block: ${o.paragraphs}`);
  assert.equal(o.chromeFound, 4, 'the sample has nav, sidebar, comments and footer');
  assert.equal(o.markedInChrome, 0, 'nothing in nav, sidebar, comments or footer is a block');
  assert.deepEqual(o.rootIds, ['main-article'], 'the root is the article (the blocks\' lowest common ancestor)');
  assert.equal(await summary(page, 'readerable'), 'yes');
  assert.equal(await summary(page, 'reader-shows'), 'article');
  const text = await page.locator('#text').innerText();
  assert.ok(text.includes('A canal lock is a staircase for boats.'));
  for (const chrome of ['Subscribe today', 'Most read', 'rowan_k', 'All rights reserved']) {
    assert.ok(!text.includes(chrome), `extracted text shows page chrome: ${chrome}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the score table: columns from the core, leaves by decision score, sortable and filterable', async () => {
  const { page, errors } = await openPlayground();
  let t = await scoreTable(page);
  const { scores } = t;
  assert.ok(scores.columns.length > 20, 'the core describes its columns');
  assert.ok(scores.rows.length > 0, 'the core lists rows');
  const score = valueOf(scores, 'decision.score');

  // Headers: the fixed columns, then core columns by label, described in a tooltip.
  assert.deepEqual(t.headers.slice(0, 4).map((h) => h.key), ['node', 'tag', 'content', 'reason']);
  const byKey = new Map(scores.columns.map((c) => [c.key, c]));
  const core = t.headers.slice(4);
  assert.ok(core.length > 0 && core.every((h) => byKey.has(h.key)), 'every other header is a core column');
  for (const h of core) {
    const c = byKey.get(h.key);
    assert.equal(h.label.replace(/ [▲▼]$/, ''), c.label);
    for (const part of [c.key, c.source, c.description]) assert.ok(h.title.includes(part), `${c.key} title: ${part}`);
  }
  assert.equal(byKey.get(core[0].key).signal, 'decision', 'the decision comes first');
  assert.equal(t.headers.find((h) => h.key === 'decision.score').sort, 'descending');

  // By default: the leaves (rows with a decision score), highest score first.
  const leaves = scores.rows.filter((r) => score(r) != null);
  assert.ok(leaves.length > 0, 'the decision scored leaves');
  assert.ok(t.rows.length > 0 && t.rows.every((r) => r.leaf), 'only leaf rows by default');
  assert.deepEqual(t.rows.map((r) => r.node), expectedOrder(leaves, score, true), 'sorted by decision.score');
  const max = Math.max(...leaves.map(score));
  assert.equal(Number(t.rows[0].score), Number(max.toFixed(3)), 'the first row has the highest score');
  assert.equal(t.count, `${leaves.length} of ${scores.rows.length} rows`);
  // What the rows say is the core's.
  const rowOf = new Map(scores.rows.map((r) => [r.node, r]));
  for (const r of t.rows) {
    const c = rowOf.get(r.node);
    assert.deepEqual([r.tag, r.content, r.reason], [c.tag, c.content, c.reason || ''], `row ${r.node}`);
  }

  // A click on a header sorts by it, highest first; a second click reverses; nulls stay last.
  const nodeImp = valueOf(scores, 'domWeight.nodeImp');
  await page.locator('#show-all').check();
  await page.locator('#hide-empty').uncheck();
  t = await scoreTable(page);
  assert.equal(t.rows.length, scores.rows.length, 'show all nodes lists every row');
  assert.equal(t.headers.length, 4 + scores.columns.length, 'every core column can be shown');
  assert.ok(scores.rows.some((r) => nodeImp(r) == null) && scores.rows.some((r) => nodeImp(r) != null));
  await clickHeader(page, 'domWeight.nodeImp');
  t = await scoreTable(page);
  assert.equal(t.headers.find((h) => h.key === 'domWeight.nodeImp').sort, 'descending');
  assert.deepEqual(t.rows.map((r) => r.node), expectedOrder(scores.rows, nodeImp, true));
  await clickHeader(page, 'domWeight.nodeImp');
  t = await scoreTable(page);
  assert.equal(t.headers.find((h) => h.key === 'domWeight.nodeImp').sort, 'ascending');
  assert.deepEqual(t.rows.map((r) => r.node), expectedOrder(scores.rows, nodeImp, false));
  assert.equal(rowOf.get(t.rows.at(-1).node).values[scores.columns.findIndex((c) => c.key === 'domWeight.nodeImp')],
    null, 'nulls last, ascending too');
  await clickHeader(page, 'tag');
  t = await scoreTable(page);
  assert.deepEqual(t.rows.map((r) => r.node), expectedOrder(scores.rows, (r) => r.tag, false), 'text sorts A to Z');
  // The root's row is marked.
  assert.equal(t.rows.filter((r) => r.root).map((r) => r.node).join(), String(t.root));

  // Filters: text in tag or reason, and content only.
  await page.locator('#filter').fill('h2');
  t = await scoreTable(page);
  const h2 = scores.rows.filter((r) => r.tag.includes('h2') || (r.reason || '').toLowerCase().includes('h2'));
  assert.ok(h2.length > 0, 'the sample has an h2');
  assert.deepEqual(t.rows.map((r) => r.node).sort((a, b) => a - b), h2.map((r) => r.node));
  await page.locator('#filter').fill('');
  await page.locator('#content-only').check();
  t = await scoreTable(page);
  assert.ok(t.rows.every((r) => r.content));
  assert.equal(t.rows.length, scores.rows.filter((r) => r.content).length);
  await page.locator('#show-all').uncheck();
  t = await scoreTable(page);
  assert.equal(t.rows.length, leaves.filter((r) => r.content).length, 'content leaves');
  await page.locator('#content-only').uncheck();

  // One signal's columns (the decision's always).
  await page.selectOption('#signal', 'domWeight');
  t = await scoreTable(page);
  assert.ok(t.headers.slice(4).every((h) => /^(decision|domWeight)\./.test(h.key)));
  assert.ok(t.headers.some((h) => h.key === 'domWeight.nodeImp'));

  // Hovering a row draws a temporary box over that node in the iframe; a click marks the row.
  await page.locator('#scores tbody tr[data-leaf]').first().hover();
  assert.equal(await highlights(page), 1);
  await page.locator('h1').hover();
  assert.equal(await highlights(page), 0);
  await page.locator('#scores tbody tr[data-leaf]').first().click();
  assert.equal(await highlights(page), 1);
  assert.equal(await page.locator('#scores tbody tr.active').count(), 1);

  assert.deepEqual(errors, []);
  await page.close();
});

test('every sample loads, extracts and fills the table', async () => {
  for (const sample of ['article', 'listing', 'no-article']) {
    const { page, errors } = await openPlayground(`?sample=${sample}`, sample);
    const t = await scoreTable(page);
    assert.ok(t.rows.length > 0, `${sample}: the score table has rows`);
    assert.ok(t.headers.length > 4, `${sample}: the score table has core columns`);
    assert.ok((await summary(page, 'page-type')).length > 0);
    assert.deepEqual(errors, [], sample);
    await page.close();
  }
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
  const t = await scoreTable(page);
  const score = valueOf(t.scores, 'decision.score');
  const leaves = t.scores.rows.filter((r) => score(r) != null);
  assert.deepEqual(t.rows.map((r) => r.node), expectedOrder(leaves, score, true), 'the new table, by decision score');
  assert.equal(new URL(page.url()).searchParams.get('sample'), 'listing');

  assert.ok(await page.evaluate((p) => window.playground.page !== p && window.playground.page.nodeCount > 0, old));
  const oldUse = await old.evaluate((p) => {
    try { return `no error: ${p.nodeCount}`; } catch (e) { return e instanceof Error ? 'threw' : 'threw non-Error'; }
  });
  assert.equal(oldUse, 'threw', 'the old LivePage was freed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the listing sample: what is extracted (not readerable, yet its entries are what the reader shows)', async () => {
  const { page, errors } = await openPlayground('?sample=listing', 'listing');
  assert.equal(await summary(page, 'readerable'), 'no');
  // No paragraph of 140 characters, but the entries hold enough words.
  assert.equal(await summary(page, 'reader-shows'), 'content');
  assert.ok(Number(await summary(page, 'word-count')) >= 50, 'the entries\' words');
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

test('a product page: its records are listed, those its article shows marked so', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // The reader's product fixture: a description and a specifications table.
  const product = await readFile(join(ROOT, 'tests', 'fixtures', 'reader', 'product.html'), 'utf8');
  await page.route('**/samples/no-article.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: product }));
  await page.goto(server.url('/index.html?sample=no-article'));
  await waitForExtraction(page, 'no-article');
  assert.equal(await page.locator('#records-pane').isVisible(), true);
  assert.deepEqual(await page.locator('#records dt').allTextContents(),
    ['Height', 'Weight', 'Colour', 'Bulb', 'Cable length', 'Material', 'Size', 'Warranty']);
  assert.equal(await page.locator('#records dd .in-article').count(), 8, 'every pair is in the article\'s table');
  assert.equal(await page.locator('#records dd').first().textContent(), '48 cm · in the article');
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
