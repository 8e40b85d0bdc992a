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
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Loads a sample with the wasm glue and the JS walker, and reads both walks. */
async function bothWalks(sample) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url(`/samples/${sample}`));
  await page.addScriptTag({ url: server.url('/ext/pkg/pith.js') });
  await page.addScriptTag({ url: server.url('/ext/content/walker.js') });
  const result = await page.evaluate(async (wasmUrl) => {
    await wasm_bindgen({ module_or_path: wasmUrl });
    // The core keeps coordinates as f32; round the JS walker's the same way.
    const clean = (facts) => JSON.parse(JSON.stringify(facts, (key, value) => {
      if (value === '' || value === false || value === null) return undefined;
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

for (const sample of ['article.html', 'listing.html', 'no-article.html']) {
  test(`both walkers read the same facts and nodes from ${sample}`, async () => {
    const r = await bothWalks(sample);
    assert.ok(r.fromWasm.nodes.length > 20, 'the walk saw the page');
    assert.ok(r.fromWasm.nodes.some((n) => n.visual && n.visual.fontSize), 'font facts were read');
    assert.deepEqual(r.fromJs, r.fromWasm);
    assert.ok(r.sameNodes, 'node ids map to the same DOM nodes');
    assert.deepEqual(r.scoresJs.scores, r.scoresWasm.scores);
    assert.equal(r.scoresJs.text, r.scoresWasm.text);
  });
}
