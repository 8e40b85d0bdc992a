// The first click's cost in the real extension, from the worker's call to
// the page's result (injection, walk, scoring, messages), over data-set
// pages each loaded at its own address (a new site, a new renderer
// process, as a reader meets it), beside the extraction's own time.
// With several extension builds it alternates them (A B, then B A), so a
// change is measured against the build before it in one run.
//
//   node tests/eval/first-click.mjs [DATASET_DIR] [--every N] [--path wasm|js-walker] [EXT_DIR…]
//
// EXT_DIR defaults to dist/chrome (build first); each is copied with
// `<all_urls>` host access, as the evaluation harness does, since no click
// grants access here. Prints, per build, the medians over pages: the round
// trip (`extractTab`, as a click runs it but for the reader tab), the
// extraction as the page timed it, and the rest (injection and messages).

import { join, resolve } from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import { launchWithExtension, tabIdOf, DIST, ROOT } from '../e2e/lib.mjs';
import { servePages, isolatePage, withHostAccess, VIEWPORT } from './pages.mjs';
import { quantile } from './score.mjs';

/** Every this many pages of the set (in ground-truth order) by default. */
const DEFAULT_EVERY = 19;

function args(argv) {
  const a = { dataset: join(ROOT, '../shared/datasets/wcxb-dev'), every: DEFAULT_EVERY, path: null, builds: [] };
  let datasetGiven = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--every') a.every = Number(argv[++i]);
    else if (argv[i] === '--path') a.path = argv[++i];
    else if (!datasetGiven) { a.dataset = resolve(argv[i]); datasetGiven = true; } else a.builds.push(resolve(argv[i]));
  }
  if (!a.builds.length) a.builds.push(join(DIST, 'chrome'));
  return a;
}

async function main() {
  const a = args(process.argv.slice(2));
  const truth = JSON.parse(await readFile(join(a.dataset, 'ground-truth.json'), 'utf8'));
  const ids = Object.keys(truth).filter((_, i) => i % a.every === 0);
  const server = await servePages(join(a.dataset, 'pages'), truth);
  const copies = await Promise.all(a.builds.map(withHostAccess));
  const rows = new Map(copies.map((c) => [c, []]));
  try {
    for (const order of [copies, [...copies].reverse()]) {
      for (const dir of order) {
        const browser = await launchWithExtension(dir, { viewport: VIEWPORT });
        try {
          const page = await browser.context.newPage();
          await isolatePage(browser.context, page, server);
          let tabId = null;
          for (const id of ids) {
            try {
              await page.goto(server.urlOf(id), { waitUntil: 'load', timeout: 20000 });
            } catch {
              continue;
            }
            tabId ??= await tabIdOf(browser.worker, page.url());
            rows.get(dir).push(await browser.worker.evaluate(async ([tab, path]) => {
              const t = performance.now();
              const r = await globalThis.pith.extractTab(tab, { scores: false, ...(path ? { path } : {}) });
              return { roundTrip: performance.now() - t, extraction: r.ok ? r.timing.totalMs : null, path: r.path };
            }, [tabId, a.path]));
          }
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.close();
  }
  const med = (xs) => {
    const m = quantile(xs, 0.5);
    return Number.isFinite(m) ? m.toFixed(1) : '';
  };
  console.log(`\n# First click: ${ids.length} pages of ${a.dataset}, two runs per build\n`);
  console.log('| build | reads | paths | round trip (ms) | extraction (ms) | injection and messages (ms) |');
  console.log('|---|---|---|---|---|---|');
  a.builds.forEach((build, i) => {
    const rs = rows.get(copies[i]);
    const paths = [...new Set(rs.map((r) => r.path))].join(', ');
    console.log(`| ${build} | ${rs.length} | ${paths} | ${med(rs.map((r) => r.roundTrip))} | ${med(rs.map((r) => r.extraction))} | ${med(rs.map((r) => (r.extraction == null ? null : r.roundTrip - r.extraction)))} |`);
  });
  await Promise.all(copies.map((c) => rm(c, { recursive: true, force: true })));
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
