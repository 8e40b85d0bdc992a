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

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, DIST, CHROMIUM, chromiumArgs } from '../e2e/lib.mjs';
import { servePages, isolatePage } from './pages.mjs';

function args(argv) {
  const a = { dataset: null, runs: 7, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') a.runs = Number(argv[++i]);
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

main().catch((e) => { console.error(e); process.exitCode = 1; });
