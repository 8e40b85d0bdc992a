// Two builds of the JS walker side by side (an A/B for a walker change), in
// headless Chromium on data-set pages served as the evaluation serves them:
// per page, each walker's first run in the page (the order alternating page
// by page) and the median of N warm runs; both must give the same packed
// facts. Figures are printed, never asserted.
//
//   node tests/eval/walker-ab.mjs WALKER_A.js WALKER_B.js DATASET_DIR[@K]… [--runs N] [--fresh]
//
// --fresh: each page's copy of the walkers' source ends with a comment
// naming the page, so that V8 compiles it anew (its compilation cache is
// keyed by the source, and the renderer is reused across these pages); a
// content script on a new site meets the walker uncompiled.
import { readFile } from 'node:fs/promises';
import { resolve, basename } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumArgs } from '../e2e/lib.mjs';
import { measureSet } from './pages.mjs';
import { quantile } from './score.mjs';

const argv = process.argv.slice(2);
let runs = 5;
let fresh = false;
const files = [];
const sets = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--runs') runs = Number(argv[++i]);
  else if (argv[i] === '--fresh') fresh = true;
  else if (files.length < 2) files.push(resolve(argv[i]));
  else {
    const [dir, k] = argv[i].split('@');
    sets.push({ dir: resolve(dir), every: k ? Number(k) : 1 });
  }
}
const src = (await Promise.all(files.map((f) => readFile(f, 'utf8'))))
  .map((s, i) => `${s}\n;globalThis.PithWalker${'AB'[i]} = PithWalker;`).join('\n;\n');

async function measure({ runs, bFirst }) {
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
  const walkers = bFirst ? [['b', PithWalkerB], ['a', PithWalkerA]] : [['a', PithWalkerA], ['b', PithWalkerB]];
  const out = {};
  const packed = {};
  for (const [k, w] of walkers) {
    const t = performance.now();
    packed[k] = w.walk(document).packed;
    out[`${k}First`] = performance.now() - t;
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 20)));
  }
  const warm = { a: [], b: [] };
  // A's own facts again: a page that moves (a carousel, a late font)
  // gives different facts from run to run, walker or not.
  const again = PithWalkerA.walk(document).packed;
  out.stable = again.strings === packed.a.strings && JSON.stringify(again.numbers) === JSON.stringify(packed.a.numbers);
  for (let r = 0; r < runs; r++) {
    for (const [k, w] of (r % 2 ? walkers.slice().reverse() : walkers)) {
      const t = performance.now();
      w.walk(document);
      warm[k].push(performance.now() - t);
    }
  }
  const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  out.a = med(warm.a);
  out.b = med(warm.b);
  out.same = packed.a.strings === packed.b.strings
    && JSON.stringify(packed.a.numbers) === JSON.stringify(packed.b.numbers);
  return out;
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
try {
  console.log('| set | pages | A first (median / p95) | B first | A warm | B warm | facts equal |');
  console.log('|---|---|---|---|---|---|---|');
  for (const set of sets) {
    const { rows } = await measureSet(browser, set.dir, { every: set.every }, async ({ page, visit, id, n }) => {
      await visit(id);
      await page.evaluate(`${src}\n;0${fresh ? `\n// ${basename(set.dir)} ${id}` : ''}`);
      const row = await page.evaluate(measure, { runs, bFirst: n % 2 === 1 });
      if (!row.same) process.stderr.write(`  ${id}: the walkers' facts differ${row.stable ? '' : ' (and A\'s own from run to run)'}\n`);
      return row;
    });
    const f = (k) => `${quantile(rows.map((r) => r[k]), 0.5).toFixed(2)} / ${quantile(rows.map((r) => r[k]), 0.95).toFixed(2)}`;
    console.log(`| ${basename(set.dir)} | ${rows.length} | ${f('aFirst')} | ${f('bFirst')} | ${f('a')} | ${f('b')} | ${rows.filter((r) => r.same).length} of ${rows.length} |`);
  }
} finally {
  await browser.close();
}
