// Speed and memory figures, printed (never asserted): per page, the median of
// several runs of each step, in headless Chromium, on pages served as the
// evaluation serves them (scripts blocked, nothing but the page loaded).
//
//   node tests/eval/bench.mjs DATASET_DIR [--runs N] [--limit N]
//
// Steps timed in the page with performance.now():
//   wasm walk      walkDocument(): the web-sys walk into facts, and the model
//   wasm extract   LivePage.extract({scores: false}): scoring and the article
//   wasm scores    LivePage.extract({scores: true}): the same with the score table
//   js walk        PithWalker.walk(): the JS walker (the CSP fallback path)
//   facts extract  extractFacts(JSON.stringify(facts)): the JS walker's facts into the core
//   readability    new Readability(document.cloneNode(true)).parse()
//
// Then a generated page of 200,000 elements (tests/eval/large-page.mjs; sizes
// with --large N,N…, none with --large 0) read in the real extension: a
// toolbar click until the reader shows the article, by stage, first click
// and warm; and the same walks in the page's own world, to compare.

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import {
  ROOT, DIST, CHROMIUM, chromiumArgs, serveStatic, launchWithExtension, clickAction, waitForReader, tabIdOf,
} from '../e2e/lib.mjs';
import { largePageHtml } from './large-page.mjs';
import { servePages, isolatePage } from './pages.mjs';

function args(argv) {
  const a = { dataset: null, runs: 7, limit: Infinity, large: [200000] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') a.runs = Number(argv[++i]);
    else if (argv[i] === '--large') a.large = argv[++i].split(',').map(Number).filter((n) => n > 0);
    else if (argv[i] === '--limit') a.limit = Number(argv[++i]);
    else a.dataset = resolve(argv[i]);
  }
  if (!a.dataset) throw new Error('usage: bench.mjs DATASET_DIR [--runs N] [--limit N]');
  return a;
}

function quantile(xs, q) {
  const s = [...xs].sort((x, y) => x - y);
  const pos = (s.length - 1) * q;
  return s[Math.floor(pos)] + (s[Math.ceil(pos)] - s[Math.floor(pos)]) * (pos - Math.floor(pos));
}

/** Runs in the page: times each step `runs` times, returns per-step medians. */
async function measure({ runs, wasmBytes }) {
  const exports = await wasm_bindgen({ module_or_path: new Uint8Array(wasmBytes) });
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const steps = { wasmWalk: [], wasmExtract: [], wasmScores: [], jsWalk: [], factsExtract: [], readability: [] };
  let elements = 0;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    const live = wasm_bindgen.walkDocument(document);
    steps.wasmWalk.push(performance.now() - t);
    t = performance.now();
    const ex = live.extract({ scores: false });
    steps.wasmExtract.push(performance.now() - t);
    t = performance.now();
    live.extract({ scores: true });
    steps.wasmScores.push(performance.now() - t);
    live.free();
    elements = ex.stats.elements;
    t = performance.now();
    const js = PithWalker.walk(document);
    steps.jsWalk.push(performance.now() - t);
    t = performance.now();
    wasm_bindgen.extractFacts(JSON.stringify(js.facts), { scores: false });
    steps.factsExtract.push(performance.now() - t);
    t = performance.now();
    new Readability(document.cloneNode(true)).parse();
    steps.readability.push(performance.now() - t);
  }
  const out = { elements, wasmMemoryBytes: exports.memory.buffer.byteLength };
  for (const [k, v] of Object.entries(steps)) out[k] = med(v);
  return out;
}

async function main() {
  const a = args(process.argv.slice(2));
  const truth = JSON.parse(await readFile(join(a.dataset, 'ground-truth.json'), 'utf8'));
  const ids = Object.keys(truth).slice(0, a.limit);
  const sources = [
    join(DIST, 'chrome/pkg/pith.js'),
    join(DIST, 'chrome/content/walker.js'),
    join(ROOT, 'node_modules/@mozilla/readability/Readability.js'),
  ];
  // `let`/`var` at the top of an evaluated string stay local to it: publish
  // the globals the measurement uses.
  const src = `${(await Promise.all(sources.map((f) => readFile(f, 'utf8')))).join('\n;\n')}
    ;globalThis.wasm_bindgen = wasm_bindgen; globalThis.PithWalker = PithWalker;
    globalThis.Readability = Readability;`;
  const wasmBytes = [...(await readFile(join(DIST, 'chrome/pkg/pith_bg.wasm')))];

  const server = await servePages(join(a.dataset, 'pages'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await isolatePage(context, page, server);
  const rows = [];
  for (const id of ids) {
    try {
      await page.goto(server.urlOf(id), { waitUntil: 'load', timeout: 20000 });
      await page.evaluate(`${src}\n;0`);
      rows.push({ id, ...(await page.evaluate(measure, { runs: a.runs, wasmBytes })) });
    } catch (e) {
      process.stderr.write(`  ${id}: ${String(e.message).split('\n')[0]}\n`);
    }
  }
  await browser.close();
  await server.close();

  const col = (k) => rows.map((r) => r[k]);
  const line = (label, k) => `| ${label} | ${quantile(col(k), 0.5).toFixed(2)} | ${quantile(col(k), 0.95).toFixed(2)} |`;
  console.log(`# Bench: ${ids.length} pages of ${a.dataset}, median of ${a.runs} runs per page\n`);
  console.log(`Elements per page: median ${quantile(col('elements'), 0.5)}, p95 ${quantile(col('elements'), 0.95).toFixed(0)}.\n`);
  console.log('| step (ms) | median page | p95 page |');
  console.log('|---|---|---|');
  console.log(line('wasm walk (web-sys → model)', 'wasmWalk'));
  console.log(line('wasm extract (no score table)', 'wasmExtract'));
  console.log(line('wasm extract with score table', 'wasmScores'));
  console.log(line('JS walker', 'jsWalk'));
  console.log(line('extractFacts (JS facts → article)', 'factsExtract'));
  console.log(line('Readability.js parse', 'readability'));
  const total = rows.map((r) => r.wasmWalk + r.wasmExtract);
  console.log(`| **Pith, wasm path (walk + extract)** | ${quantile(total, 0.5).toFixed(2)} | ${quantile(total, 0.95).toFixed(2)} |`);
  console.log(`\nwasm linear memory after the run: median ${(quantile(col('wasmMemoryBytes'), 0.5) / 1048576).toFixed(1)} MiB, max ${(Math.max(...col('wasmMemoryBytes')) / 1048576).toFixed(1)} MiB.`);
}

/** Warm runs per large page (each reads 200,000 elements: seconds). */
const LARGE_WARM_RUNS = 3;

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
    const count = await page.evaluate(() => document.getElementsByTagName('*').length);
    const before = new Set(browser.context.pages());
    const t0 = Date.now();
    await clickAction(browser, page);
    const reader = await waitForReader(browser.context, before, 300000);
    await reader.waitForSelector('article, .status.error', { timeout: 300000 });
    const clickToReader = Date.now() - t0;
    const first = await browser.worker.evaluate(async () => {
      const all = await chrome.storage.session.get(null);
      const latest = Object.entries(all).filter(([k]) => k.startsWith(PITH_ARTICLE_KEY_PREFIX)).sort().pop();
      return latest ? latest[1].result : null;
    });
    await reader.close();
    const tabId = await tabIdOf(browser.worker, page.url());
    const warm = [];
    for (let i = 0; i < LARGE_WARM_RUNS; i++) {
      warm.push(await browser.worker.evaluate(async ([id]) => {
        const t = performance.now();
        const r = await globalThis.pith.extractTab(id, { scores: false });
        return { ...r.timing, roundTripMs: performance.now() - t, ok: r.ok, path: r.path };
      }, [tabId]));
    }
    // The same walks in the page's own (main) world.
    await page.addScriptTag({ url: server.url('/ext/pkg/pith.js') });
    await page.addScriptTag({ url: server.url('/ext/content/walker.js') });
    const main = await page.evaluate(async ({ wasmUrl, runs }) => {
      await wasm_bindgen({ module_or_path: wasmUrl });
      const out = { wasmWalk: [], score: [], jsWalk: [] };
      for (let i = 0; i < runs; i++) {
        let t = performance.now();
        const live = wasm_bindgen.walkDocument(document);
        out.wasmWalk.push(performance.now() - t);
        t = performance.now();
        live.extract({ scores: false });
        out.score.push(performance.now() - t);
        live.free();
        t = performance.now();
        PithWalker.walk(document);
        out.jsWalk.push(performance.now() - t);
      }
      return out;
    }, { wasmUrl: server.url('/ext/pkg/pith_bg.wasm'), runs: LARGE_WARM_RUNS });
    await page.close();

    const med = (xs) => quantile(xs, 0.5);
    const ms = (x) => (x == null ? '' : `${Math.round(x)}`);
    const ft = first && first.timing;
    const w = (k) => med(warm.map((r) => r[k]));
    console.log(`\n# Large page: ${count} elements, in the extension (headless Chromium, ${warm[0].path} path)\n`);
    console.log('| stage (ms) | first click | warm (median of ' + LARGE_WARM_RUNS + ') | page\'s own world (median) |');
    console.log('|---|---|---|---|');
    console.log(`| wasm start-up (fetch, compile, instantiate) | ${ms(ft && ft.initMs)} | ${ms(w('initMs'))} | |`);
    console.log(`| walk (live DOM → model) | ${ms(ft && ft.walkMs)} | ${ms(w('walkMs'))} | ${ms(med(main.wasmWalk))} (JS walker ${ms(med(main.jsWalk))}) |`);
    console.log(`| score and build the article | ${ms(ft && ft.scoreMs)} | ${ms(w('scoreMs'))} | ${ms(med(main.score))} |`);
    const rest = ft ? clickToReader - ft.totalMs : null;
    console.log(`| handshake, injection, messages, storage, reader tab | ${ms(rest)} | ${ms(w('roundTripMs') - w('totalMs'))} | |`);
    console.log(`| **click → reader shown** | **${ms(clickToReader)}** | ${ms(w('roundTripMs'))} (extraction round trip) | |`);
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function mainAll() {
  await main();
  for (const n of args(process.argv.slice(2)).large) await benchLarge(n);
}

mainAll().catch((e) => { console.error(e); process.exitCode = 1; });
