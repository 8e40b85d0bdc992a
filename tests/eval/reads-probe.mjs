// Which of the walk's style and layout reads cost what: the bench's floor
// loop (tests/eval/bench.mjs, floorReads: the walkers' reads in a bare
// loop) with one kind of read left out at a time, warm (the median of 7
// runs a page), in headless Chromium on data-set pages served as the
// evaluation serves them. Figures are printed, never asserted
// (tests/eval/SPEED.md, session 19).
//
//   node tests/eval/reads-probe.mjs DATASET_DIR[@K]…
import { resolve, basename } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, chromiumArgs } from '../e2e/lib.mjs';
import { openSet } from './pages.mjs';

const sets = process.argv.slice(2).map((a) => { const [d, k] = a.split('@'); return { dir: resolve(d), every: k ? Number(k) : 1 }; });

/**
 * One walk of the page's body reading what `variant` keeps: 'all' (the
 * floor), 'structure' (no style or layout read), or 'noCheck', 'noBox',
 * 'noFont', 'noPosition' (that read left out). Evaluated in the page.
 */
function probe(variant) {
  const BOXED = new Set(['img', 'input', 'button', 'iframe', 'frame', 'svg', 'select', 'textarea', 'object', 'embed', 'video', 'audio', 'canvas']);
  const vis = { visibilityProperty: true };
  const style = variant !== 'structure';
  const check = variant !== 'structure' && variant !== 'noCheck';
  const box = variant !== 'structure' && variant !== 'noBox';
  const font = variant !== 'structure' && variant !== 'noFont';
  const pos = variant !== 'structure' && variant !== 'noPosition';
  let sink = 0;
  const fontRead = new Set();
  let lastEl = null; let lastSt = null;
  const stack = [document.body];
  while (stack.length) {
    const node = stack.pop();
    if (node.nodeType === 3) {
      const p = node.parentElement;
      sink += node.nodeValue.length;
      if (font && p && !fontRead.has(p) && node.nodeValue.trim()) {
        fontRead.add(p);
        const st = p === lastEl ? lastSt : getComputedStyle(p);
        sink += st.fontSize.length + st.fontWeight.length + st.lineHeight.length;
      }
      continue;
    }
    if (node.nodeType !== 1) continue;
    sink += node.localName.length;
    if (style) {
      const st = getComputedStyle(node);
      const display = st.display;
      if (display === 'none' || (check && !node.checkVisibility(vis))) continue;
      lastEl = node; lastSt = st;
      if (display !== 'inline' || BOXED.has(node.localName)) {
        if (box) { const r = node.getBoundingClientRect(); sink += r.x + r.y + r.width + r.height; }
        if (pos && display !== 'inline') sink += st.position.length;
      }
    }
    for (let c = node.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return sink;
}

const VARIANTS = ['all', 'structure', 'noCheck', 'noBox', 'noFont', 'noPosition'];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs(), headless: true });
try {
  for (const set of sets) {
    const { ids, page, visit, close } = await openSet(browser, set.dir, { every: set.every });
    const rows = [];
    for (const id of ids) {
      try {
        await visit(id);
        await page.evaluate(`globalThis.PithProbe = ${probe};0`);
        rows.push(await page.evaluate(async (variants) => {
          await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
          const t = {};
          for (const v of variants) t[v] = [];
          for (let r = 0; r < 7; r++) {
            for (const v of variants) {
              const s = performance.now();
              PithProbe(v);
              t[v].push(performance.now() - s);
            }
          }
          const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
          const out = {};
          for (const v of variants) out[v] = med(t[v]);
          return out;
        }, VARIANTS));
      } catch (e) {
        process.stderr.write(`  ${id}: ${String(e.message).split('\n')[0]}\n`);
      }
    }
    await close();
    const med = (k) => [...rows.map((r) => r[k])].sort((a, b) => a - b)[rows.length >> 1].toFixed(2);
    console.log(`${basename(set.dir)} (${rows.length}): ` + VARIANTS.map((v) => `${v} ${med(v)}`).join(', '));
  }
} finally {
  await browser.close();
}
