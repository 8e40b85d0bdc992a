// The two live-DOM walkers (src/web/walk.rs through web-sys, and
// extension/content/walker.js in plain JS) must read the same facts from the
// same rendered page, so that both extension paths score alike: equal facts,
// node ids naming the same DOM nodes, and equal extractions (score tables
// included).

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
    // A box not read (a non-replaced inline element: reads_box) is absent
    // in the JS walker's facts and zero in the core's: both are dropped.
    const clean = (facts) => JSON.parse(JSON.stringify(facts, (key, value) => {
      if (key !== 'href' && (value === '' || value === false || value === null)) return undefined;
      if (typeof value === 'number' && ['x', 'y', 'w', 'h'].includes(key)) return value === 0 ? undefined : Math.fround(value);
      return value;
    }));
    const js = PithWalker.walk(document);
    const fromWasm = clean(wasm_bindgen.readFacts(document));
    // The JS walker's packed facts, read back by the core (src/model/packed.rs).
    const fromJs = clean(wasm_bindgen.packedFacts(js.packed.strings, js.packed.numbers));
    const live = wasm_bindgen.walkDocument(document);
    // A long <noscript>'s content is parsed by each walker into a document of
    // its own: there the nodes can only be alike (same name, same text).
    const same = (a, b) => a === b || (!!a && !!b && a.ownerDocument !== document
      && b.ownerDocument !== document && a.nodeName === b.nodeName && a.textContent === b.textContent);
    const sameNodes = js.nodes.every((n, i) => same(live.node(i), n)) && live.nodeCount === js.nodes.length;
    const scoresWasm = live.extract({ scores: true });
    const scoresJs = wasm_bindgen.extractPacked(js.packed.strings, js.packed.numbers, { scores: true });
    live.free();
    return { fromWasm, fromJs, sameNodes, scoresWasm, scoresJs };
  }, server.url('/ext/pkg/pith_bg.wasm'));
  await page.close();
  return result;
}

const PAGES = [
  '/samples/article.html', '/samples/listing.html', '/samples/no-article.html',
  '/fixtures/walk-cases.html', '/fixtures/noscript.html',
  // Every kind of element (MathML, ruby, display: contents, custom
  // elements) and frames (same-origin, srcdoc): see the table in
  // src/model/facts.rs.
  '/fixtures/hostile/formula.html', '/fixtures/hostile/framed.html', '/fixtures/hostile/framed-srcdoc.html',
  // Lone UTF-16 surrogates, NUL, case mappings of another length, a
  // 60,000-character word: both walkers' strings and lengths agree.
  '/fixtures/hostile/odd-strings.html',
];

for (const path of PAGES) {
  test(`both walkers read the same facts and nodes from ${path}`, async () => {
    const r = await bothWalks(path);
    assert.ok(r.fromWasm.nodes.length > 20, 'the walk saw the page');
    assert.ok(r.fromWasm.nodes.some((n) => n.visual && n.visual.fontSize), 'font facts were read');
    assert.deepEqual(r.fromJs, r.fromWasm);
    assert.ok(r.sameNodes, 'node ids map to the same DOM nodes');
    const { scores } = r.scoresWasm;
    assert.ok(scores && scores.columns.length > 0 && scores.rows.length > 0, 'the score table was asked for and given');
    assert.ok(scores.rows.every((row) => row.values.length === scores.columns.length), 'one value per column');
    assert.deepEqual(r.scoresJs.scores, scores);
    assert.equal(r.scoresJs.text, r.scoresWasm.text);
    // Stage times differ from run to run (and the JS path has no walk
    // stages of the core's own): the rest must be equal.
    const { stages: stagesJs, ...restJs } = r.scoresJs;
    const { stages: stagesWasm, ...restWasm } = r.scoresWasm;
    assert.ok(stagesJs && stagesWasm, 'both extractions carry stage times');
    assert.deepEqual(restJs, restWasm, 'the whole extraction');
  });
}

/** Every element under a hidden element is hidden and carries no visual facts. */
function assertHiddenSubtrees(facts) {
  const hidden = [];
  facts.nodes.forEach((n, i) => {
    const underHidden = n.parent >= 0 && hidden[n.parent];
    if (underHidden && n.tag !== '#text') {
      assert.equal(n.hidden, true, `node ${i} <${n.tag}> under a hidden element is hidden`);
      assert.equal(n.visual, undefined, `node ${i} <${n.tag}> under a hidden element has no visual facts`);
    }
    hidden[i] = n.tag !== '#text' && n.hidden === true;
    if (n.hidden) assert.equal(n.visual, undefined, `hidden node ${i} <${n.tag}> has no visual facts`);
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
  // An <object> is entered only when it shows its fallback: a player the
  // browser lacks shows its caption; a loaded SVG hides its fallback.
  const caption = byText('Video caption in the player');
  assert.ok(caption > 0, 'the fallback an <object> renders is walked');
  assert.ok(!parentOf('Video caption in the player').hidden && parentOf('Video caption in the player').visual.w > 0);
  assert.equal(facts.nodes.find((f) => f.class === 'player-fallback').hidden, undefined, 'the fallback renders');
  assert.equal(byText('Object fallback never shown'), -1, 'a loaded <object> is not entered');
  // Hidden elements are recorded, marked, and entered: their text is in the
  // facts, under a parent marked hidden that carries no visual facts.
  for (const cls of ['gone', 'ghost']) {
    const n = facts.nodes.find((f) => f.class === cls);
    assert.equal(n.hidden, true, cls);
    assert.equal(n.visual, undefined, cls);
  }
  assert.equal(facts.nodes.find((f) => f.tag === 'p' && f.hidden && !f.class).hidden, true);
  for (const t of ['Display none.', 'Visibility hidden.', 'Hidden attribute.']) {
    assert.ok(texts.includes(t), `hidden text is walked: ${t}`);
    const p = parentOf(t);
    assert.equal(p.tag, 'p', t);
    assert.equal(p.hidden, true, `${t}: its parent is hidden`);
    assert.equal(p.visual, undefined, `${t}: its parent has no visual facts`);
  }
  assertHiddenSubtrees(facts);
  // Opacity 0 is content; display: contents is visible with no box.
  assert.ok(!parentOf('Faded in on scroll').hidden);
  assert.equal(facts.nodes.find((f) => f.class === 'wrap').visual.display, 'contents');
  // Attributes and computed facts.
  const fixed = facts.nodes.find((f) => f.class === 'fixed');
  assert.deepEqual([fixed.role, fixed.ariaHidden, fixed.visual.position], ['banner', true, 'fixed']);
  const author = facts.nodes.find((f) => f.tag === 'a' && f.rel === 'author');
  assert.equal(author.href, '/ada');
  // A non-replaced inline element's box is not read (reads_box); its block's is.
  assert.deepEqual(author.visual, { display: 'inline', fontSize: '16px', fontWeight: '400', lineHeight: 'normal' }, 'no box read for an inline link');
  const byline = facts.nodes[author.parent].visual;
  assert.ok(byline.w > 0 && byline.h > 0 && byline.display === 'block', JSON.stringify(byline));
  assert.deepEqual(facts.nodes.find((f) => f.tag === 'img').src, '/a.png');
  assert.deepEqual(facts.nodes.find((f) => f.tag === 'time').attrs, ['datetime', '2024-03-05T09:00:00Z']);
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
  assert.equal(extraction.publishedTime, '2024-03-05T09:00:00Z', 'from the <time> the page marks published');
});

test('a long <noscript> is parsed and walked hidden; short ones are recorded empty', async () => {
  const { fromWasm: facts } = await bothWalks('/fixtures/noscript.html');
  const n = facts.nodes;
  const childrenOf = (i) => n.map((f, j) => [f, j]).filter(([f]) => f.parent === i).map(([, j]) => j);
  const inside = (i, anc) => { for (let p = n[i].parent; p >= 0; p = n[p].parent) if (p === anc) return true; return false; };
  const byText = (t) => n.findIndex((f) => f.tag === '#text' && f.text.includes(t));
  const noscripts = n.map((f, i) => [f, i]).filter(([f]) => f.tag === 'noscript').map(([, i]) => i);
  // (The <head>'s noscript is not walked: the walk starts at <body>.)
  assert.equal(noscripts.length, 5, 'every noscript in <body> is recorded');
  for (const i of noscripts) {
    assert.equal(n[i].hidden, true, `noscript ${i} is hidden`);
    assert.equal(n[i].visual, undefined, `noscript ${i} has no visual facts`);
  }
  const [pixel, note, long, atThreshold, belowThreshold] = noscripts;
  for (const i of [pixel, note, belowThreshold]) assert.deepEqual(childrenOf(i), [], `short noscript ${i} has no children`);
  assert.ok(childrenOf(long).length > 0 && childrenOf(atThreshold).length > 0, 'long noscripts have children');
  assert.equal(byText('Please enable JavaScript'), -1);
  assert.equal(byText('One code unit below the threshold'), -1);
  assert.ok(inside(byText('Exactly at the threshold'), atThreshold), '1000 UTF-16 code units are enough');

  // The long one's markup, parsed: elements, attributes, decoded entities.
  const thread = n.findIndex((f) => f.id === 'static-thread');
  assert.ok(thread > long && n[thread].parent === long, 'the markup\'s top element is the noscript\'s child');
  assert.deepEqual([n[thread].class, n[thread].role, n[thread].itemprop], ['thread', 'main', 'articleBody']);
  for (const t of ['Server-rendered copy of the thread', 'the first post', 'Nested list items',
    'Caption inside noscript', 'Schleusentore öffnen', 'Closing paragraph']) {
    assert.ok(byText(t) > 0 && inside(byText(t), long), `walked inside the noscript: ${t}`);
  }
  assert.ok(byText('Entities are decoded only when the markup is parsed: & <tags> été — café.') > 0);
  assert.ok(n.some((f, i) => f.tag === 'a' && f.href === '/t/42#p1' && inside(i, long)));
  assert.ok(n.some((f, i) => f.tag === 'a' && f.href === '' && inside(i, long)), 'an empty href is kept');
  assert.ok(n.some((f, i) => f.tag === 'a' && f.rel === 'author' && f.href === '/u/ada' && inside(i, long)));
  assert.ok(n.some((f, i) => f.tag === 'img' && f.src === '/static/diagram.png' && f.alt === 'A diagram of the lock'
    && inside(i, long)));
  assert.ok(n.some((f, i) => f.tag === 'span' && f.ariaHidden === true && inside(i, long)));
  assert.ok(n.some((f, i) => f.tag === 'svg' && inside(i, long)), 'opaque elements are recorded');
  // Skipped as anywhere else: scripts, styles, templates, comments; opaque elements not entered.
  for (const t of ['never run', 'color: red', 'Template text', 'a comment the walk skips', 'noscript svg text']) {
    assert.equal(byText(t), -1, t);
  }
  for (const tag of ['script', 'style', 'template']) assert.ok(!n.some((f) => f.tag === tag), tag);
  // Everything under a noscript is hidden, without visual facts.
  n.forEach((f, i) => {
    if (noscripts.some((s) => inside(i, s)) && f.tag !== '#text') {
      assert.equal(f.hidden, true, `node ${i} <${f.tag}> in a noscript is hidden`);
      assert.equal(f.visual, undefined, `node ${i} <${f.tag}> in a noscript has no visual facts`);
    }
  });
  assertHiddenSubtrees(facts);
  // The rendered page around them is read as usual.
  assert.ok(n.some((f) => f.tag === 'p' && !f.hidden && f.visual && f.visual.fontSize), 'rendered paragraphs');
});

test('a same-origin frame is walked in place, its boxes in page coordinates', async () => {
  const { fromWasm: facts, scoresWasm: extraction } = await bothWalks('/fixtures/hostile/framed.html');
  const n = facts.nodes;
  const frame = n.findIndex((f) => f.tag === 'iframe');
  const h1 = n.findIndex((f) => f.tag === 'h1');
  let p = h1;
  while (p > frame) p = n[p].parent;
  assert.equal(p, frame, 'the frame\'s content is walked under the <iframe>');
  const fr = n[frame].visual;
  const hr = n[h1].visual;
  // The frame: 60 px below the top (the header), a 4 px border; the h1
  // inside sits at the body's default 8 px margin plus its own.
  // (The facts compared drop zero coordinates: see clean in bothWalks.)
  assert.deepEqual([fr.x ?? 0, fr.y], [0, 60]);
  assert.equal(hr.x, 4 + 8, 'x: the frame\'s border and the body margin');
  assert.ok(hr.y > 64 && hr.y < 64 + 60, `y: inside the frame, near its top (${hr.y})`);
  assert.ok(hr.fontSize, 'styles are read in the frame\'s own document');
  assert.match(extraction.text, /\nBeside most river locks stands a weir/);
});
