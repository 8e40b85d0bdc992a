// Which of the walk's style and layout reads cost what: the bench's floor
// loop (tests/eval/floor.mjs: the walkers' reads in a bare loop) with one
// kind of read left out at a time, warm (the median of 7
// runs a page), in headless Chromium on data-set pages served as the
// evaluation serves them. Figures are printed, never asserted
// (tests/eval/SPEED.md, session 19).
//
//   node tests/eval/reads-probe.mjs DATASET_DIR[@K]…
import { resolve, basename } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumArgs } from '../e2e/lib.mjs';
import { measureSet } from './pages.mjs';
import { floorReads } from './floor.mjs';

const sets = process.argv.slice(2).map((a) => { const [d, k] = a.split('@'); return { dir: resolve(d), every: k ? Number(k) : 1 }; });

// Printed name → what `floorReads` leaves out.
const VARIANTS = { all: null, structure: 'style', noCheck: 'check', noBox: 'box', noFont: 'font', noPosition: 'position' };
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
try {
  for (const set of sets) {
    const { rows } = await measureSet(browser, set.dir, { every: set.every }, async ({ page, visit, id }) => {
      await visit(id);
      await page.evaluate(`globalThis.PithFloorReads = ${floorReads};0`);
      return page.evaluate(async (variants) => {
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
        const t = {};
        for (const v of Object.keys(variants)) t[v] = [];
        for (let r = 0; r < 7; r++) {
          for (const [v, leaveOut] of Object.entries(variants)) {
            const s = performance.now();
            PithFloorReads(leaveOut);
            t[v].push(performance.now() - s);
          }
        }
        const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
        const out = {};
        for (const v of Object.keys(variants)) out[v] = med(t[v]);
        return out;
      }, VARIANTS);
    });
    const med = (k) => [...rows.map((r) => r[k])].sort((a, b) => a - b)[rows.length >> 1].toFixed(2);
    console.log(`${basename(set.dir)} (${rows.length}): ` + Object.keys(VARIANTS).map((v) => `${v} ${med(v)}`).join(', '));
  }
} finally {
  await browser.close();
}
