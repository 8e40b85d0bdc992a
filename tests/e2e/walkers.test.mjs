// The two live-DOM walkers (src/web/walk.rs through web-sys, and
// extension/content/walker.js in plain JS) must read the same facts from the
// same rendered page, so that both extension paths score alike.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, DIST, CHROMIUM, serveStatic, chromiumArgs } from './lib.mjs';

let server;
let browser;

before(async () => {
  server = await serveStatic({
    '/samples/': join(ROOT, 'www', 'samples') + '/',
    '/ext/': join(DIST, 'chrome') + '/',
    '/fixtures/': join(ROOT, 'tests', 'fixtures') + '/',
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Loads a page with the wasm glue and the JS walker, and reads both walks. */
async function bothWalks(path) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url(path));
  await page.addScriptTag({ url: server.url('/ext/pkg/pith.js') });
  await page.addScriptTag({ url: server.url('/ext/content/walker.js') });
  const result = await page.evaluate(async (wasmUrl) => {
    await wasm_bindgen({ module_or_path: wasmUrl });
    // Both leave out empty strings and false (the core's defaults), except
    // href, where "" (a link to this page) differs from no href (no link).
    // The core keeps coordinates as f32; round the JS walker's the same way.
    const clean = (facts) => JSON.parse(JSON.stringify(facts, (key, value) => {
      if (key !== 'href' && (value === '' || value === false || value === null)) return undefined;
      if (typeof value === 'number' && ['x', 'y', 'w', 'h'].includes(key)) return Math.fround(value);
      return value;
    }));
    const js = PithWalker.walk(document);
    const fromWasm = clean(wasm_bindgen.readFacts(document));
    const fromJs = clean(js.facts);
    const live = wasm_bindgen.walkDocument(document);
    const sameNodes = js.nodes.every((n, i) => live.node(i) === n) && live.nodeCount === js.nodes.length;
    const scoresWasm = live.extract({ scores: true });
    const scoresJs = wasm_bindgen.extractFacts(js.facts, { scores: true });
    live.free();
    return { fromWasm, fromJs, sameNodes, scoresWasm, scoresJs };
  }, server.url('/ext/pkg/pith_bg.wasm'));
  await page.close();
  return result;
}

for (const path of ['/samples/article.html', '/samples/listing.html', '/samples/no-article.html', '/fixtures/walk-cases.html']) {
  test(`both walkers read the same facts and nodes from ${path}`, async () => {
    const r = await bothWalks(path);
    assert.ok(r.fromWasm.nodes.length > 20, 'the walk saw the page');
    assert.ok(r.fromWasm.nodes.some((n) => n.visual && n.visual.fontSize), 'font facts were read');
    assert.deepEqual(r.fromJs, r.fromWasm);
    assert.ok(r.sameNodes, 'node ids map to the same DOM nodes');
    assert.deepEqual(r.scoresJs.scores, r.scoresWasm.scores);
    assert.equal(r.scoresJs.text, r.scoresWasm.text);
  });
}

test('the walk follows the rendered (flat) tree and marks what is not rendered', async () => {
  const { fromWasm: facts, scoresWasm: extraction } = await bothWalks('/fixtures/walk-cases.html');
  const texts = facts.nodes.filter((n) => n.tag === '#text').map((n) => n.text.trim()).filter(Boolean);
  const byText = (t) => facts.nodes.findIndex((n) => n.tag === '#text' && n.text.includes(t));
  const parentOf = (t) => facts.nodes[facts.nodes[byText(t)].parent];
  // Shadow tree and slots, in rendered order; unassigned light children and
  // never-rendered subtrees are absent.
  const order = ['Shadow paragraph with', 'slotted words', 'Light paragraph in the default slot.', 'Fallback text'];
  const at = order.map(byText);
  assert.ok(at.every((i) => i > 0), `flat-tree texts missing: ${JSON.stringify(at)}`);
  assert.deepEqual([...at].sort((a, b) => a - b), at, 'rendered order');
  for (const absent of ['svg text', 'Option text']) assert.equal(byText(absent), -1, absent);
  // Hidden elements are recorded, marked, and not entered.
  for (const cls of ['gone', 'ghost']) {
    const n = facts.nodes.find((f) => f.class === cls);
    assert.equal(n.hidden, true, cls);
    assert.equal(n.visual, undefined, cls);
  }
  assert.equal(facts.nodes.find((f) => f.tag === 'p' && f.hidden && !f.class).hidden, true);
  for (const t of ['Display none.', 'Visibility hidden.', 'Hidden attribute.']) assert.ok(!texts.includes(t), t);
  // Opacity 0 is content; display: contents is visible with no box.
  assert.ok(!parentOf('Faded in on scroll').hidden);
  assert.equal(facts.nodes.find((f) => f.class === 'wrap').visual.display, 'contents');
  // Attributes and computed facts.
  const fixed = facts.nodes.find((f) => f.class === 'fixed');
  assert.deepEqual([fixed.role, fixed.ariaHidden, fixed.visual.position], ['banner', true, 'fixed']);
  assert.equal(facts.nodes.find((f) => f.tag === 'a' && f.rel === 'author').href, '/ada');
  assert.deepEqual(facts.nodes.find((f) => f.tag === 'img').src, '/a.png');
  assert.equal(facts.nodes.find((f) => f.tag === 'x-À').tag, 'x-À');
  const h1 = facts.nodes.find((f) => f.tag === 'h1').visual;
  assert.deepEqual([h1.fontSize, h1.fontWeight, h1.lineHeight], ['24px', '700', '30px']);
  assert.equal(facts.lang, 'en-GB');
  assert.ok(facts.meta.some((m) => m.key === 'og:site_name' && m.content === 'Pith fixtures'));
  assert.equal(facts.jsonLd.length, 1);
  // The core reads the metadata of these facts.
  assert.equal(extraction.siteName, 'Pith fixtures');
  assert.equal(extraction.byline, 'Fixture Author');
  assert.equal(extraction.lang, 'en-GB');
});
