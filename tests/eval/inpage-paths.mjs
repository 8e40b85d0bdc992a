// The two in-page paths side by side, in headless Chromium on data-set
// pages served as the evaluation serves them: walker.js + `extractPacked`
// (the extension's path up to PACKED_MAX_ELEMENTS, extension/content/content.js)
// and the core's own web-sys walk + `extract`. Per page, N warm runs of
// each, the order alternating run by run; with --gc, the browser's garbage
// collector is run before each timed call (`--js-flags=--expose-gc`), so
// that neither pays for the other's garbage. Per page the median, then the
// median and p95 over pages. With --cold: instead, each path's first run
// in a page loaded afresh for it, with a new wasm instance and the scripts
// compiled anew (a comment naming the page and the path ends them), the
// order of the paths alternating page by page: what a click meets.
// Figures are printed, never asserted.
//
//   node tests/eval/inpage-paths.mjs DATASET_DIR[@K]… [--runs N] [--gc | --cold]
import { readFile } from 'node:fs/promises';
import { resolve, basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, DIST, chromiumArgs } from '../e2e/lib.mjs';
import { measureSet } from './pages.mjs';
import { quantile } from './score.mjs';
import { timedPacked, timedExtract } from './in-page.mjs';

const argv = process.argv.slice(2);
let runs = 7;
let gc = false;
let cold = false;
const sets = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--runs') runs = Number(argv[++i]);
  else if (argv[i] === '--gc') gc = true;
  else if (argv[i] === '--cold') cold = true;
  else {
    const [dir, k] = argv[i].split('@');
    sets.push({ dir: resolve(dir), every: k ? Number(k) : 1 });
  }
}
const src = `${await readFile(join(DIST, 'chrome/pkg/pith.js'), 'utf8')}\n;globalThis.wasm_bindgen = wasm_bindgen;\n${
  await readFile(join(DIST, 'chrome/content/walker.js'), 'utf8')}\n;globalThis.PithWalker = PithWalker;
globalThis.PithTimedPacked = ${timedPacked};\nglobalThis.PithTimedExtract = ${timedExtract};0`;
const wasmBytes = [...(await readFile(join(DIST, 'chrome/pkg/pith_bg.wasm')))];

/** In the page: the two paths, each once: its time, its walk's, its text. */
function paths() {
  const run = (timed) => () => {
    const { walk, extract, ex } = timed(document);
    return { walk, total: walk + extract, text: ex.text };
  };
  return { packed: run(PithTimedPacked), websys: run(PithTimedExtract) };
}

async function measure({ runs, wasmBytes, gc }) {
  await wasm_bindgen({ module_or_path: await WebAssembly.compile(new Uint8Array(wasmBytes)) });
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
  const collect = () => { if (gc) globalThis.gc(); };
  const paths = PithPaths();
  // Once each first (V8 and the instance warm), then the timed runs.
  const same = paths.packed().text === paths.websys().text;
  const t = { packed: [], websys: [], packedWalk: [], websysWalk: [] };
  for (let r = 0; r < runs; r++) {
    for (const k of (r % 2 ? ['websys', 'packed'] : ['packed', 'websys'])) {
      collect();
      const m = paths[k]();
      t[k].push(m.total);
      t[`${k}Walk`].push(m.walk);
    }
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return { ...Object.fromEntries(Object.entries(t).map(([k, v]) => [k, med(v)])), same };
}

const args = chromiumArgs();
if (gc) args.push('--js-flags=--expose-gc');
const browser = await chromium.launch({ executablePath: CHROMIUM, args, headless: true });
try {
  console.log(`| set | pages | walker.js + extractPacked (median / p95 ms) | of which walker.js | web-sys walk + extract | of which the walk | same text |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const set of sets) {
    const { rows } = await measureSet(browser, set.dir, { every: set.every }, async ({ page, visit, id, n }) => {
      if (!cold) {
        await visit(id);
        await page.evaluate(`${src}\n;globalThis.PithPaths = ${paths};0`);
        return page.evaluate(measure, { runs, wasmBytes, gc });
      }
      const row = {};
      for (const k of (n % 2 ? ['websys', 'packed'] : ['packed', 'websys'])) {
        await visit(id);
        await page.evaluate(`${src}\n;globalThis.PithPaths = ${paths};\n// ${id} ${k}\n`);
        const m = await page.evaluate(async ({ k, wasmBytes }) => {
          await wasm_bindgen({ module_or_path: await WebAssembly.compile(new Uint8Array(wasmBytes)) });
          await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
          return PithPaths()[k]();
        }, { k, wasmBytes });
        row[k] = m.total;
        row[`${k}Walk`] = m.walk;
        row[`${k}Text`] = m.text;
      }
      return { ...row, same: row.packedText === row.websysText };
    });
    const q = (k) => `${quantile(rows.map((r) => r[k]), 0.5).toFixed(2)} / ${quantile(rows.map((r) => r[k]), 0.95).toFixed(2)}`;
    console.log(`| ${basename(set.dir)} | ${rows.length} | ${q('packed')} | ${q('packedWalk')} | ${q('websys')} | ${q('websysWalk')} | ${rows.filter((r) => r.same).length} |`);
  }
} finally {
  await browser.close();
}
