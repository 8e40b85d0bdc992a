// Speed and memory figures, printed (never asserted), in headless Chromium,
// on pages served as the evaluation serves them (scripts blocked, nothing
// but the page loaded).
//
//   node tests/eval/bench.mjs [DATASET_DIR[@K]…] [--runs N] [--limit N] [--every K]
//                             [--large N,N…|0] [--growth N,N…|0] [--facts FACTS_DIR[@K]…]
//
// 1. Stage table, per data set (every K-th page with --every K or DIR@K): per page,
//    once, the wasm start-up in a fresh instance (compile, instantiate,
//    first call) and its first, unoptimised run (the first click); then the
//    median of N runs of each stage of the extension's in-page path
//    (extension/content/content.js): the JS walker (its style and layout
//    reads alone beside it, in a bare loop), its packed facts into the
//    page model, the core's own `stages` (src/extract.rs), and the rest of
//    the call (the facts into wasm memory, the output back to JS); beside
//    Readability.js 0.6 on a clone of the same document, same run, and
//    Readability.js's own first run in the page (its code cold, as Pith's
//    first run is). The JS walker's first run plus a warm core's scoring is
//    the first click on the background path (pages of up to 20,000
//    elements; the messages to and from the background not included). Also
//    the core's own web-sys walker (`walkDocument`, the playground's path),
//    split into its DOM walk and its style and layout reads, and the
//    packed facts as JSON text (the path before).
//    Peak wasm memory per page: the instance's linear memory after the
//    runs (it never shrinks).
// 2. Growth table: generated pages of growing size, wide (sibling lists)
//    and deep (nested chains), extracted in the page by both in-page
//    walkers (walker.js + `extractPacked`, the web-sys walk + `extract`),
//    each in a page of its own, the extension's at each size marked
//    (PACKED_MAX_ELEMENTS in extension/content/content.js): time per
//    element should stay flat (linear growth). Beside it, the
//    same pages' style and layout reads in a bare loop (floorReads): the
//    browser's own growth, which no walker can beat.
// 3. The large page (tests/eval/large-page.mjs) read in the real
//    extension: a toolbar click until the reader shows the article.
// 4. With --facts: the core alone, warm, on facts dumped from the browser
//    (eval-out/facts/SET, `./build.sh train` or tests/eval/dump-facts.mjs),
//    every K-th page: what the background's copy does for the JS walker's
//    facts, without the page's noise (layout, Readability.js's garbage).
//    Every page runs once to let V8 optimise, then N times; per page the
//    median, then the median and p95 over pages, per stage.

import { readFile, readdir } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { join, resolve, basename } from 'node:path';
import { chromium } from 'playwright-core';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import {
  ROOT, DIST, CHROMIUM, chromiumArgs, serveStatic, launchWithExtension, clickAction, waitForReader, tabIdOf,
  grantSiteAccess, readerTimeline,
} from '../e2e/lib.mjs';
import { largePageHtml } from './large-page.mjs';
import { measureSet } from './pages.mjs';
import { quantile } from './score.mjs';
import { floorReads } from './floor.mjs';
import { timedPacked, timedExtract } from './in-page.mjs';

/**
 * The extension's bound between its two in-page walkers
 * (extension/content/content.js), read from its source.
 */
const PACKED_MAX_ELEMENTS = Number(
  /const PACKED_MAX_ELEMENTS = (\d+);/.exec(await readFile(join(ROOT, 'extension/content/content.js'), 'utf8'))[1]);

/** Sizes of the growth table (elements): 1k to 1M, as issue 8 asks. */
const GROWTH_SIZES = [1000, 10000, 100000, 1000000];

function args(argv) {
  const a = { datasets: [], facts: [], runs: 5, limit: Infinity, every: 1, large: [200000], growth: GROWTH_SIZES };
  const sizes = (v) => v.split(',').map(Number).filter((n) => n > 0);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') a.runs = Number(argv[++i]);
    else if (argv[i] === '--large') a.large = sizes(argv[++i]);
    else if (argv[i] === '--growth') a.growth = sizes(argv[++i]);
    else if (argv[i] === '--limit') a.limit = Number(argv[++i]);
    else if (argv[i] === '--every') a.every = Math.max(1, Number(argv[++i]));
    else if (argv[i] === '--facts') {
      const [dir, k] = argv[++i].split('@');
      a.facts.push({ dir: resolve(dir), every: k ? Math.max(1, Number(k)) : 1 });
    } else {
      // DATASET_DIR@K: every K-th page of that set (overrides --every).
      const [dir, k] = argv[i].split('@');
      a.datasets.push({ dir: resolve(dir), every: k ? Math.max(1, Number(k)) : null });
    }
  }
  return a;
}

/** The measured stages, in table order: [key, label]. */
const STAGES = [
  ['startup', 'wasm start-up (compile, instantiate, first call)'],
  ['startCompile', '  compile'],
  ['startInstantiate', '  instantiate'],
  ['startFirstCall', '  first call'],
  ['jsWalk', 'DOM walk: the JS walker (structure, text, attributes, style and layout), facts packed'],
  ['floor', '  of which the style and layout reads alone (floor: the same reads in a bare JS loop)'],
  ['model', 'packed facts → page model (core)'],
  ['segment', 'core: segmentation'],
  ['signals', 'core: signals (papers and cues)'],
  ['pageType', 'core: page type'],
  ['decision', 'core: decision'],
  ['article', 'core: article, metadata'],
  ['factsRest', 'crossing the boundary: the packed facts into wasm memory, the output out'],
  ['pith', '**Pith in-page (JS walker + `extractPacked` in the page: the extension\'s path)**'],
  ['cold', 'Pith in-page, first run (the JS walker\'s first run + a fresh instance\'s first extraction)'],
  ['firstClick', '**Pith first click (start-up + first run)**'],
  ['readability', '**Readability.js parse**'],
  ['readabilityFirst', 'Readability.js parse, its first run in the page (before anything else runs)'],
  ['jsWalkFirst', 'JS walker, its first run in the page (after Readability.js\'s)'],
  ['factsExtract', 'packed facts → a warm core (`extractPacked`, whole call)'],
  ['backgroundClick', '**first click on the background path: the JS walker\'s first run + its facts → a warm core (messages not included)**'],
  ['wasmWalkExtract', 'the core\'s own walker: `walkDocument` + `extract` (web-sys; the playground\'s path)'],
  ['walkDom', '  its walk: structure, text, attributes, the model built (boundary included)'],
  ['walkStyle', '  its style and layout reads'],
  ['factsJson', 'the same facts as JSON text → core (JSON.stringify + extractFacts, the path before packed facts)'],
];

/**
 * Runs in the page (as the global PithPushCoreStages): pushes an
 * extraction's model and core stage times onto `steps` (unless null);
 * returns the core's own time (the page model excluded).
 */
function pushCoreStages(steps, s) {
  if (steps) {
    steps.model.push(s.modelMs);
    steps.segment.push(s.segmentMs);
    steps.signals.push(s.signalsMs);
    steps.pageType.push(s.pageTypeMs);
    steps.decision.push(s.decisionMs);
    steps.article.push(s.articleMs);
  }
  return s.segmentMs + s.signalsMs + s.pageTypeMs + s.decisionMs + s.articleMs + s.scoresMs;
}

/** Runs in the page: start-up once, then every stage `runs` times; per-stage medians. */
async function measure({ runs, wasmBytes }) {
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  // Start-up from the module's bytes (the extension fetches them from its
  // own package; that fetch is in the first-click figures of the large
  // page below).
  const bytes = new Uint8Array(wasmBytes);
  // Let the page's own pending work (style, layout, image decoding after
  // load) run first: it would land in whichever step awaits first.
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
  // Readability.js's own first run in this page, its code not yet compiled
  // or optimised: the like of Pith's first run of a fresh instance (a
  // reader built on it meets the same cold start on a new site). Run
  // first, so that neither's garbage lands in the other's time.
  let t = performance.now();
  new Readability(document.cloneNode(true)).parse();
  const readabilityFirst = performance.now() - t;
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 20)));
  // The JS walker's first run: a click on a page of up to 20,000 elements
  // walks it so (extension/content/content.js) and the background's core,
  // kept warm, scores the facts.
  t = performance.now();
  PithWalker.walk(document);
  const jsWalkFirst = performance.now() - t;
  await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 20)));
  t = performance.now();
  const module = await WebAssembly.compile(bytes);
  const startCompile = performance.now() - t;
  t = performance.now();
  const exports = await wasm_bindgen({ module_or_path: module });
  const startInstantiate = performance.now() - t;
  t = performance.now();
  wasm_bindgen.version();
  const startFirstCall = performance.now() - t;

  const keys = ['walkDom', 'walkStyle', 'wasmWalkExtract', 'model', 'segment', 'signals', 'pageType', 'decision',
    'article', 'pith', 'jsWalk', 'factsExtract', 'factsRest', 'factsJson', 'readability', 'floor'];
  const steps = Object.fromEntries(keys.map((k) => [k, []]));
  let elements = 0;
  let cold = 0;
  let js = null;
  // Each run's measurements, in an order that turns run by run: whichever
  // comes first pays for the garbage the run before left (Readability.js's
  // clone of the document, the walkers' facts), so each takes each place.
  const parts = [
    (r) => {
      // The extension's in-page path (extension/content/content.js): the
      // JS walker, then its packed facts into the core. First in the first
      // run, so that the fresh instance's first extraction is this one:
      // with the walker's first run above, what a first click gets.
      const { walk: jsWalk, extract: factsExtract, ex: fx, js: walked } = PithTimedPacked(document);
      js = walked;
      if (r === 0) cold = jsWalkFirst + factsExtract;
      steps.jsWalk.push(jsWalk);
      steps.factsExtract.push(factsExtract);
      steps.pith.push(jsWalk + factsExtract);
      const factsCore = PithPushCoreStages(steps, fx.stages);
      steps.factsRest.push(Math.max(0, factsExtract - fx.stages.modelMs - factsCore));
      elements = fx.stats.elements;
    },
    () => {
      // The core's own walker (web-sys), the playground's path.
      const { walk, extract, ex } = PithTimedExtract(document);
      steps.walkDom.push(ex.stages.walkDomMs);
      steps.walkStyle.push(ex.stages.walkStyleMs);
      steps.wasmWalkExtract.push(walk + extract);
    },
    () => {
      t = performance.now();
      PithFloorReads();
      steps.floor.push(performance.now() - t);
    },
    () => {
      t = performance.now();
      new Readability(document.cloneNode(true)).parse();
      steps.readability.push(performance.now() - t);
    },
  ];
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < parts.length; k++) parts[(k + r) % parts.length](r);
    // The same facts as an object (as the JS walker built them before
    // packing), then as JSON text into the core: the path before.
    const object = wasm_bindgen.packedFacts(js.packed.strings, js.packed.numbers);
    t = performance.now();
    wasm_bindgen.extractFacts(JSON.stringify(object), { scores: false });
    steps.factsJson.push(performance.now() - t);
  }
  const startup = startCompile + startInstantiate + startFirstCall;
  const out = {
    elements, wasmMemoryBytes: exports.memory.buffer.byteLength,
    startup, startCompile, startInstantiate, startFirstCall, cold, readabilityFirst, jsWalkFirst,
  };
  for (const [k, v] of Object.entries(steps)) out[k] = med(v);
  out.firstClick = startup + cold;
  out.backgroundClick = jsWalkFirst + out.factsExtract;
  return out;
}

/** Page sources evaluated in each page: the wasm glue, the JS walker, Readability.js. */
async function pageSources() {
  const sources = [
    join(DIST, 'chrome/pkg/pith.js'),
    join(DIST, 'chrome/content/walker.js'),
    join(ROOT, 'node_modules/@mozilla/readability/Readability.js'),
  ];
  // `let`/`var` at the top of an evaluated string stay local to it: publish
  // the globals the measurement uses.
  return `${(await Promise.all(sources.map((f) => readFile(f, 'utf8')))).join('\n;\n')}
    ;globalThis.wasm_bindgen = wasm_bindgen; globalThis.PithWalker = PithWalker;
    globalThis.PithFloorReads = ${floorReads};
    globalThis.PithPushCoreStages = ${pushCoreStages};
    globalThis.PithTimedExtract = ${timedExtract};
    globalThis.PithTimedPacked = ${timedPacked};
    globalThis.Readability = Readability;`;
}

/** Measures every chosen page of one data set; returns the per-page rows. */
async function benchSet(browser, a, { dir: dataset, every }, src, wasmBytes) {
  const { rows, pages } = await measureSet(browser, dataset, { every: every ?? a.every, limit: a.limit }, async ({ page, visit, id }) => {
    await visit(id);
    await page.evaluate(`${src}\n;0`);
    return { id, ...(await page.evaluate(measure, { runs: a.runs, wasmBytes })) };
  });
  return { name: basename(dataset), pages, rows };
}

function printStages(sets, runs) {
  const f = (x) => (Number.isFinite(x) ? x.toFixed(2) : '');
  console.log(`# Stage table: median of ${runs} runs per page, then median and p95 over pages (ms)\n`);
  console.log(`| stage | ${sets.map((s) => `${s.name} median | ${s.name} p95`).join(' | ')} |`);
  console.log(`|---|${sets.map(() => '---|---').join('|')}|`);
  for (const [k, label] of STAGES) {
    const cells = sets.map((s) => {
      const xs = s.rows.map((r) => r[k]);
      return `${f(quantile(xs, 0.5))} | ${f(quantile(xs, 0.95))}`;
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
  // Row `label`: the quantiles of stage `k` over those of `by`, per set.
  const ratio = (s, k, q, by) => quantile(s.rows.map((r) => r[k]), q) / quantile(s.rows.map((r) => r[by]), q);
  const ratioRow = (label, k, by = 'readability') =>
    console.log(`| ${label} | ${sets.map((s) => `${f(ratio(s, k, 0.5, by))} | ${f(ratio(s, k, 0.95, by))}`).join(' | ')} |`);
  ratioRow('Pith in-page / Readability.js', 'pith');
  ratioRow('floor / Readability.js', 'floor');
  ratioRow('first click / Readability.js', 'firstClick');
  ratioRow('first click / Readability.js\'s first run', 'firstClick', 'readabilityFirst');
  ratioRow('background first click / Readability.js', 'backgroundClick');
  ratioRow('the core\'s own walker (walkDocument + extract) / Readability.js', 'wasmWalkExtract');
  console.log('');
  for (const s of sets) {
    const el = s.rows.map((r) => r.elements);
    const mem = s.rows.map((r) => r.wasmMemoryBytes / 1048576);
    console.log(`${s.name}: ${s.rows.length} of ${s.pages} pages measured; elements median ${quantile(el, 0.5)}, p95 ${quantile(el, 0.95).toFixed(0)}; `
      + `peak wasm memory per page median ${quantile(mem, 0.5).toFixed(1)} MiB, max ${Math.max(...mem).toFixed(1)} MiB.`);
  }
}

async function main(a) {
  const src = await pageSources();
  const wasmBytes = [...(await readFile(join(DIST, 'chrome/pkg/pith_bg.wasm')))];
  console.log(`Release wasm: ${wasmBytes.length} bytes.\n`);
  if (!a.datasets.length) return;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
  const sets = [];
  try {
    for (const d of a.datasets) sets.push(await benchSet(browser, a, d, src, wasmBytes));
  } finally {
    await browser.close();
  }
  printStages(sets, a.runs);
}

/**
 * A generated page of about `n` elements. `wide`: the large page's shape
 * (an article amid many sibling link lists). `deep`: the article, then
 * chains of nested <div>s, each DEEP_CHAIN levels deep with a line of text
 * at the bottom (deeper chains are cut by the HTML parser's depth limit).
 */
function growthHtml(shape, n) {
  if (shape === 'wide') return largePageHtml(n);
  const DEEP_CHAIN = 400;
  const head = largePageHtml(0).replace('</body></html>', '');
  const chain = `${'<div>'.repeat(DEEP_CHAIN - 1)}<div>Deep line of text inside nested blocks.</div>${'</div>'.repeat(DEEP_CHAIN - 1)}`;
  const out = [head];
  for (let count = 520; count + DEEP_CHAIN <= n; count += DEEP_CHAIN) out.push(chain);
  out.push('</body></html>');
  return out.join('');
}

/**
 * Runs per growth page: the median of 5 up to 100,000 elements (at most
 * about 1 s each), of 3 above (a 1,000,000-element run takes 10 to 15 s;
 * single runs of the wide one gave 1.16 to 1.39 times the 10k page's time
 * per element within an hour, 2026-11-27).
 */
function growthRuns(n) {
  return n <= 100000 ? 5 : 3;
}

/**
 * Time per element of the extension's in-page path on generated pages of
 * growing size: the JS walker + `extractPacked`, or above
 * PACKED_MAX_ELEMENTS the core's own walker + `extract`.
 */
async function benchGrowth(sizes) {
  const dir = await mkdtemp(join(tmpdir(), 'pith-growth-'));
  const server = await serveStatic({ '/g/': `${dir}/`, '/ext/': join(DIST, 'chrome') + '/' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
  const rows = [];
  try {
    for (const shape of ['wide', 'deep']) {
      for (const n of sizes) {
        await writeFile(join(dir, `${shape}-${n}.html`), growthHtml(shape, n));
        // Both in-page walkers, each in a page of its own (wasm memory
        // never shrinks: each path's peak is its own).
        for (const packed of [true, false]) {
          const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
          try {
            await page.goto(server.url(`/g/${shape}-${n}.html`), { timeout: 600000 });
            await page.addScriptTag({ url: server.url('/ext/pkg/pith.js') });
            await page.addScriptTag({ url: server.url('/ext/content/walker.js') });
            await page.addScriptTag({ content: `globalThis.PithTimedPacked = ${timedPacked};` });
            await page.addScriptTag({ content: `globalThis.PithTimedExtract = ${timedExtract};` });
            await page.addScriptTag({ content: `globalThis.PithFloorReads = ${floorReads};` });
            const r = await page.evaluate(async ({ wasmUrl, runs, packed }) => {
              const exports = await wasm_bindgen({ module_or_path: wasmUrl });
              const elements = document.getElementsByTagName('*').length;
              const timed = packed ? PithTimedPacked : PithTimedExtract;
              // Warm the instance up on a small page first (a frame of its
              // own), so the figures compare optimised code at every size.
              const frame = document.createElement('iframe');
              frame.srcdoc = `<p>${'Warm-up text of a paragraph. '.repeat(20)}</p>`.repeat(200);
              document.body.append(frame);
              await new Promise((ok) => { frame.onload = ok; });
              for (let i = 0; i < 5; i++) timed(frame.contentDocument);
              frame.remove();
              await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
              // The run of median total time of `runs` (a page of 10,000
              // elements takes about 100 ms, and single runs varied by a
              // third: the growth ratio swung with them).
              const times = [];
              let blocks = 0;
              for (let run = 0; run < runs; run++) {
                const { walk, extract, ex } = timed(document);
                blocks = ex.blocks.length;
                times.push({ walk, extract });
              }
              const first = times[0].walk + times[0].extract;
              times.sort((x, y) => (x.walk + x.extract) - (y.walk + y.extract));
              const { walk, extract } = times[(times.length - 1) >> 1];
              // The floor: the same style and layout reads in a bare loop
              // (floorReads), as many runs, their median; its growth is the
              // browser's own, which no walker can beat.
              PithFloorReads();
              const floors = [];
              for (let run = 0; run < runs; run++) {
                const t = performance.now();
                PithFloorReads();
                floors.push(performance.now() - t);
              }
              floors.sort((x, y) => x - y);
              const floor = floors[(floors.length - 1) >> 1];
              return { elements, walk, extract, first, floor, runs, memory: exports.memory.buffer.byteLength, blocks };
            }, { wasmUrl: server.url('/ext/pkg/pith_bg.wasm'), runs: growthRuns(n), packed });
            // The walker the extension uses at this size is marked.
            const shipped = packed === (r.elements <= PACKED_MAX_ELEMENTS);
            rows.push({ shape, n, packed, path: `${packed ? 'walker.js' : 'web-sys'}${shipped ? ' *' : ''}`, ...r });
          } catch (e) {
            rows.push({ shape, n, packed, error: String(e.message).split('\n')[0] });
          } finally {
            await page.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`\n# Growth: generated pages, both in-page walkers (walker.js + extractPacked, and the core's web-sys walk + extract; * the extension's at that size: walker.js up to ${PACKED_MAX_ELEMENTS} elements), the median of 5 runs up to 100,000 elements, of 3 above, beside the same reads in a bare loop\n`);
  console.log('| shape | elements | walker | walk (ms) | extract (ms) | µs per element | vs 10k | first run: µs per element | floor: reads alone (ms) | floor µs per element | floor vs 10k | peak wasm memory (MiB) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const fix = (x) => (Number.isFinite(x) ? x.toFixed(2) : '');
  for (const r of rows) {
    if (r.error) { console.log(`| ${r.shape} | ${r.n} | ${r.packed ? 'walker.js' : 'web-sys'} | ${r.error} | | | | | | | | |`); continue; }
    const per = ((r.walk + r.extract) * 1000) / r.elements;
    const floorPer = (r.floor * 1000) / r.elements;
    const base = rows.find((x) => x.shape === r.shape && x.packed === r.packed && x.n === 10000 && !x.error);
    const rel = base ? per / (((base.walk + base.extract) * 1000) / base.elements) : NaN;
    const floorRel = base ? floorPer / ((base.floor * 1000) / base.elements) : NaN;
    console.log(`| ${r.shape} | ${r.elements} | ${r.path} | ${Math.round(r.walk)} | ${Math.round(r.extract)} | ${per.toFixed(1)} | ${fix(rel)} | ${((r.first * 1000) / r.elements).toFixed(1)} | ${Math.round(r.floor)} | ${floorPer.toFixed(2)} | ${fix(floorRel)} | ${(r.memory / 1048576).toFixed(0)} |`);
  }
}

/** Warm runs per large page (each reads 200,000 elements: seconds). */
const LARGE_WARM_RUNS = 3;

/**
 * Watches the browser's own rendering of `page`: the rendering part (style,
 * layout, pre-paint, paint) of each long animation frame, as {at, ms} (at:
 * the machine clock's milliseconds) pushed to the returned array. Reported
 * through the console, since the reader replaces the page.
 */
async function watchRendering(page) {
  const frames = [];
  page.on('console', (m) => {
    if (m.text().startsWith('pith-bench-frame ')) frames.push(JSON.parse(m.text().slice(17)));
  });
  await page.evaluate(() => new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.renderStart > 0) {
        console.log(`pith-bench-frame ${JSON.stringify({ at: performance.timeOrigin + e.renderStart, ms: e.startTime + e.duration - e.renderStart })}`);
      }
    }
  }).observe({ type: 'long-animation-frame' }));
  return frames;
}

/** Milliseconds of `frames` (watchRendering) rendered from `from` to `to` (machine clock). */
function renderingBetween(frames, from, to = Infinity) {
  return frames.filter((f) => f.at >= from && f.at < to).reduce((sum, f) => sum + f.ms, 0);
}

/**
 * The browser's rendering after a toolbar click alone, on the page at
 * `url`: the click of an extension whose click handler does nothing
 * (generated here), so none of it is Pith's. Milliseconds.
 */
async function clickRenderingAlone(url) {
  const dir = await mkdtemp(join(tmpdir(), 'pith-noop-'));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({
    manifest_version: 3, name: 'no-op', version: '1.0', action: {},
    background: { service_worker: 'sw.js' }, permissions: ['activeTab'],
  }));
  // launchWithExtension waits for `pith.wasmReady`, as Pith's worker defines it.
  await writeFile(join(dir, 'sw.js'), 'chrome.action.onClicked.addListener(() => {});\nglobalThis.pith = { wasmReady: Promise.resolve() };\n');
  const browser = await launchWithExtension(dir);
  try {
    const page = await browser.context.newPage();
    await page.goto(url, { timeout: 120000 });
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const frames = await watchRendering(page);
    const t0 = await clickAction(browser, page);
    await new Promise((ok) => setTimeout(ok, 2000));
    return renderingBetween(frames, t0);
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A large page read in the real extension: the first click (content script
 * injected, wasm compiled) and warm re-reads, by stage; then the same walks
 * in the page's own world.
 */
async function benchLarge(elements) {
  const dir = await mkdtemp(join(tmpdir(), 'pith-large-'));
  await writeFile(join(dir, 'large.html'), largePageHtml(elements));
  const server = await serveStatic({ '/large/': `${dir}/`, '/ext/': join(DIST, 'chrome') + '/' });
  const browser = await launchWithExtension(join(DIST, 'chrome'));
  try {
    const page = await browser.context.newPage();
    await page.goto(server.url('/large/large.html'), { timeout: 120000 });
    // Parsed, styled, laid out and painted before the click, as a page a user reads.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const frames = await watchRendering(page);
    const count = await page.evaluate(() => document.getElementsByTagName('*').length);
    const before = new Set(browser.context.pages());
    // From the click itself (not the harness's steps before it: bringing
    // the tab to front, finding its target).
    const t0 = await clickAction(browser, page);
    const reader = await waitForReader(browser.context, before, 300000);
    await reader.waitForSelector('article, .status.error', { timeout: 300000 });
    const shownAt = Date.now();
    const clickToReader = shownAt - t0;
    const readerMarks = await readerTimeline(reader);
    const readerOrigin = readerMarks.origin;
    const stored = await browser.worker.evaluate(async () => {
      const all = await chrome.storage.session.get(null);
      const latest = Object.entries(all).filter(([k]) => k.startsWith(PITH_ARTICLE_KEY_PREFIX)).sort().pop();
      return latest ? latest[1] : null;
    });
    const first = stored && stored.result;
    // The same reader loaded again, in a tab of its own: the reader's own
    // cost, without the page's teardown.
    const again = [];
    for (let i = 0; i < LARGE_WARM_RUNS; i++) {
      const tab = await browser.context.newPage();
      const t = Date.now();
      await tab.goto(reader.url());
      await tab.waitForSelector('article, .status.error', { timeout: 300000 });
      again.push(Date.now() - t);
      await tab.close();
    }
    // The reader took the page's tab: read warm in a tab of its own, the
    // site granted (as "always open" would) since no click grants it.
    await reader.close();
    await grantSiteAccess(browser, new URL(server.url('/')).origin);
    const warmPage = await browser.context.newPage();
    await warmPage.goto(server.url('/large/large.html'), { timeout: 120000 });
    await warmPage.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const tabId = await tabIdOf(browser.worker, warmPage.url());
    const warm = [];
    for (let i = 0; i < LARGE_WARM_RUNS; i++) {
      warm.push(await browser.worker.evaluate(async ([id]) => {
        const t = performance.now();
        const r = await globalThis.pith.extractTab(id, { scores: false });
        return { ...r.timing, roundTripMs: performance.now() - t, ok: r.ok, path: r.path };
      }, [tabId]));
    }
    // The floor (the walk's reads alone) in the content script's isolated
    // world and in the page's main world: the DOM costs more per call in an
    // isolated world, and nothing a walker does can remove that.
    const floor = {};
    for (const world of ['ISOLATED', 'MAIN']) {
      floor[world] = await browser.worker.evaluate(async ([t, w, src, runs]) => {
        // eslint-disable-next-line no-new-func
        const func = new Function(`const f = ${src}; const t = performance.now(); f(); return performance.now() - t;`);
        const xs = [];
        for (let i = 0; i < runs; i++) {
          const [r] = await chrome.scripting.executeScript({ target: { tabId: t, frameIds: [0] }, world: w, func });
          xs.push(r.result);
        }
        return xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      }, [tabId, world, floorReads.toString(), LARGE_WARM_RUNS]);
    }
    // The same walks in the page's own (main) world.
    await warmPage.addScriptTag({ url: server.url('/ext/pkg/pith.js') });
    await warmPage.addScriptTag({ url: server.url('/ext/content/walker.js') });
    const main = await warmPage.evaluate(async ({ wasmUrl, runs }) => {
      await wasm_bindgen({ module_or_path: wasmUrl });
      const out = { wasmWalk: [], score: [], jsWalk: [], packedScore: [] };
      for (let i = 0; i < runs; i++) {
        let t = performance.now();
        const live = wasm_bindgen.walkDocument(document);
        out.wasmWalk.push(performance.now() - t);
        t = performance.now();
        live.extract({ scores: false });
        out.score.push(performance.now() - t);
        live.free();
        t = performance.now();
        const js = PithWalker.walk(document);
        out.jsWalk.push(performance.now() - t);
        t = performance.now();
        wasm_bindgen.extractPacked(js.packed.strings, js.packed.numbers, { scores: false });
        out.packedScore.push(performance.now() - t);
      }
      return out;
    }, { wasmUrl: server.url('/ext/pkg/pith_bg.wasm'), runs: LARGE_WARM_RUNS });
    await warmPage.close();
    const clickAlone = await clickRenderingAlone(server.url('/large/large.html'));

    const med = (xs) => quantile(xs, 0.5);
    const ms = (x) => (x == null ? '' : `${Math.round(x)}`);
    const ft = first && first.timing;
    const w = (k) => med(warm.map((r) => r[k]));
    console.log(`\n# Large page: ${count} elements, in the extension (headless Chromium, ${warm[0].path} path)\n`);
    console.log('| stage (ms) | first click | warm (median of ' + LARGE_WARM_RUNS + ') | page\'s own world (median) |');
    console.log('|---|---|---|---|');
    console.log(`| wasm start-up (fetch, compile, instantiate) | ${ms(ft && ft.initMs)} | ${ms(w('initMs'))} | |`);
    const walker = count <= PACKED_MAX_ELEMENTS ? 'walker.js' : 'the web-sys walk';
    console.log(`| walk (${walker}, the extension's at this size) | ${ms(ft && ft.walkMs)} | ${ms(w('walkMs'))} | web-sys ${ms(med(main.wasmWalk))}, walker.js ${ms(med(main.jsWalk))} |`);
    console.log(`| floor: the walk's reads alone (bare JS loop) | | ${ms(floor.ISOLATED)} (content script's world) | ${ms(floor.MAIN)} |`);
    console.log(`| score and build the article | ${ms(ft && ft.scoreMs)} | ${ms(w('scoreMs'))} | web-sys \`extract\` ${ms(med(main.score))}, \`extractPacked\` ${ms(med(main.packedScore))} |`);
    const rest = ft ? clickToReader - ft.totalMs : null;
    console.log(`| handshake, injection, messages, storage, reader tab | ${ms(rest)} | ${ms(w('roundTripMs') - w('totalMs'))} | |`);
    // The first click's rest, split by the clocks of the page, the worker
    // and the reader (Date.now() and performance.timeOrigin: one machine clock).
    if (ft && ft.startedAt && stored) {
      console.log(`| … click → content script extracting (handshake, injection) | ${ms(ft.startedAt - t0)} | | |`);
      console.log(`| … extraction → worker has it (message) | ${ms(stored.createdAt - ft.endedAt)} | | |`);
      console.log(`| … worker → reader page starts (storage, navigation) | ${ms(readerOrigin - stored.createdAt)} | | |`);
      console.log(`| … reader page starts → article shown | ${ms(shownAt - readerOrigin)} | ${ms(med(again))} (the reader loaded again in a new tab) | |`);
      if (readerMarks.renderEnd != null) {
        console.log(`| … … of which the reader building the article's DOM | ${ms(readerMarks.renderEnd - readerMarks.renderStart)} | | |`);
      }
    }
    console.log(`| **click → reader shown** | **${ms(clickToReader)}** | ${ms(w('roundTripMs'))} (extraction round trip) | |`);
    if (ft && ft.startedAt) {
      console.log(`| of which the browser rendering the page between the click and the article (long animation frames; not Pith's work) | ${ms(renderingBetween(frames, t0, ft.endedAt))} | | |`);
      console.log(`| the same rendering after a click of an extension that does nothing | ${ms(clickAlone)} | | |`);
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs in the page: every facts text once (warm-up), then `runs` times;
 * per-page medians of each stage. Each page's facts also packed (as the JS
 * walker packs them, `packFacts`, not timed) and read so (`extractPacked`).
 */
function measureFacts({ runs }) {
  const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const packed = globalThis.PithFacts.map((f) => wasm_bindgen.packFacts(f));
  for (const f of globalThis.PithFacts) wasm_bindgen.extractFacts(f, { scores: false });
  for (const p of packed) wasm_bindgen.extractPacked(p.strings, p.numbers, { scores: false });
  return globalThis.PithFacts.map((f, i) => {
    const steps = {
      model: [], segment: [], signals: [], pageType: [], decision: [], article: [], output: [], total: [],
      packedModel: [], packedTotal: [],
    };
    for (let r = 0; r < runs; r++) {
      let t = performance.now();
      const s = wasm_bindgen.extractFacts(f, { scores: false }).stages;
      const total = performance.now() - t;
      // extractFacts builds the page model too.
      const core = s.modelMs + PithPushCoreStages(steps, s);
      steps.output.push(Math.max(0, total - core));
      steps.total.push(total);
      t = performance.now();
      const p = wasm_bindgen.extractPacked(packed[i].strings, packed[i].numbers, { scores: false }).stages;
      steps.packedTotal.push(performance.now() - t);
      steps.packedModel.push(p.modelMs);
    }
    return Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, med(v)]));
  });
}

/** The core alone, warm, on dumped facts (section 4 above). */
async function benchFacts(a) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
  const rows = [];
  try {
    for (const { dir, every } of a.facts) {
      const files = (await readdir(dir)).filter((f) => /\.json(\.gz)?$/.test(f)).sort()
        .filter((_, i) => i % every === 0).slice(0, a.limit);
      const texts = await Promise.all(files.map(async (f) => {
        const b = await readFile(join(dir, f));
        return (f.endsWith('.gz') ? gunzipSync(b) : b).toString('utf8');
      }));
      const page = await browser.newPage();
      await page.evaluate(`${await readFile(join(DIST, 'chrome/pkg/pith.js'), 'utf8')}
        ;globalThis.wasm_bindgen = wasm_bindgen; globalThis.PithPushCoreStages = ${pushCoreStages};0`);
      const wasm = [...(await readFile(join(DIST, 'chrome/pkg/pith_bg.wasm')))];
      await page.evaluate(async (w) => { await wasm_bindgen({ module_or_path: new Uint8Array(w) }); }, wasm);
      await page.evaluate((t) => { globalThis.PithFacts = t; }, texts);
      rows.push({ name: basename(dir), pages: files.length, per: await page.evaluate(measureFacts, { runs: a.runs }) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const f = (x) => x.toFixed(2);
  console.log(`# The core alone, warm, on dumped facts: median of ${a.runs} runs per page, then median and p95 over pages (ms)\n`);
  console.log(`| stage | ${rows.map((r) => `${r.name} (${r.pages}) median | p95`).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---|---').join('|')}|`);
  const stages = [['model', 'facts JSON → page model'], ['segment', 'segmentation'], ['signals', 'signals'],
    ['pageType', 'page type'], ['decision', 'decision'], ['article', 'article, metadata'],
    ['output', 'boundary: the facts text in, the output out'], ['total', '**extractFacts, whole call**'],
    ['packedModel', 'the same facts packed → page model'], ['packedTotal', '**extractPacked, whole call**']];
  for (const [k, label] of stages) {
    console.log(`| ${label} | ${rows.map((r) => `${f(quantile(r.per.map((p) => p[k]), 0.5))} | ${f(quantile(r.per.map((p) => p[k]), 0.95))}`).join(' | ')} |`);
  }
  console.log('');
}

async function mainAll() {
  const a = args(process.argv.slice(2));
  if (a.facts.length) await benchFacts(a);
  await main(a);
  if (a.growth.length) await benchGrowth(a.growth);
  for (const n of a.large) await benchLarge(n);
}

mainAll().catch((e) => { console.error(e); process.exitCode = 1; });
