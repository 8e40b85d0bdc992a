// The first click's cost in the real extension, from the worker's call to
// the page's result (injection, walk, scoring, messages), over data-set
// pages each loaded at its own address (a new site, a new renderer
// process, as a reader meets it), beside the extraction's own time.
// With several extension builds it alternates them (A B, then B A), so a
// change is measured against the build before it in one run.
//
//   node tests/eval/first-click.mjs [DATASET_DIR] [--every N] [--path wasm|js-walker] [--cold|--new-worker] [EXT_DIR…]
//
// --cold: as a reader meets a click after a while on a page, with the
// service worker stopped (an idle worker is stopped after 30 s): before
// each page the worker is stopped, then the toolbar button is clicked (CDP
// `Extensions.triggerAction`, which starts a new worker), in a new tab per
// page. Prints the medians from the click until the reader shows the
// article, split by the clocks of the page, the worker and the reader,
// then the reader page's own timeline (its navigation timing and the
// marks reader.js sets around its render).
// --new-worker: the same, but the worker is stopped before the page loads
// (the load starts a new one) and the click comes a second after the load:
// a click soon after a page loaded in a browser left idle.
//
// EXT_DIR defaults to dist/chrome (build first); each is copied with
// `<all_urls>` host access, as the evaluation harness does, since no click
// grants access here. Prints, per build, the medians over pages: the round
// trip (`extractTab`, as a click runs it but for the reader tab), the
// extraction as the page timed it, and the rest (injection and messages).

import { join, resolve } from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import {
  launchWithExtension, tabIdOf, DIST, ROOT, stopServiceWorker, liveServiceWorker, pagesNow, waitForReader,
  waitForRendered, storedArticle, setReadPath, triggerAction, readerTimeline,
} from '../e2e/lib.mjs';
import { servePages, isolatePage, withHostAccess, VIEWPORT } from './pages.mjs';
import { quantile } from './score.mjs';

/** --new-worker: the click comes this long after the page's load. */
const NEW_WORKER_CLICK_MS = 1000;

/** Every this many pages of the set (in ground-truth order) by default. */
const DEFAULT_EVERY = 19;

function args(argv) {
  const a = { dataset: join(ROOT, '../shared/datasets/wcxb-dev'), every: DEFAULT_EVERY, path: null, cold: false, builds: [] };
  let datasetGiven = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--every') a.every = Number(argv[++i]);
    else if (argv[i] === '--path') a.path = argv[++i];
    else if (argv[i] === '--cold') a.cold = 'cold';
    else if (argv[i] === '--new-worker') a.cold = 'new-worker';
    else if (!datasetGiven) { a.dataset = resolve(argv[i]); datasetGiven = true; } else a.builds.push(resolve(argv[i]));
  }
  if (!a.builds.length) a.builds.push(join(DIST, 'chrome'));
  return a;
}

/**
 * One page read by a click on a stopped worker (--cold): the times from
 * the click (ms), or null when the page did not load.
 */
async function coldClick(browser, server, id, path, when) {
  const page = await browser.context.newPage();
  try {
    await browser.context.unroute('**/*');
    await isolatePage(browser.context, page, server);
    if (path) await setReadPath(browser, path);
    if (when === 'new-worker') await stopServiceWorker(browser);
    try {
      await page.goto(server.urlOf(id), { waitUntil: 'load', timeout: 20000 });
    } catch {
      return null;
    }
    await page.bringToFront();
    if (when === 'new-worker') await new Promise((ok) => setTimeout(ok, NEW_WORKER_CLICK_MS));
    else await stopServiceWorker(browser);
    const before = pagesNow(browser.context);
    const clickedAt = await triggerAction(browser, page);
    const reader = await waitForReader(browser.context, before, 30000);
    await waitForRendered(reader, 30000);
    const shownAt = Date.now();
    // Inside the reader page, from its navigation start: the browser's
    // load of reader.html, then its own scripts, then the render.
    const { origin: readerOrigin, ...inside } = await readerTimeline(reader);
    const { worker } = await liveServiceWorker(browser);
    const stored = await storedArticle(worker, reader.url());
    const t = stored && stored.result && stored.result.timing;
    return {
      roundTrip: shownAt - clickedAt,
      toStart: t ? t.startedAt - clickedAt : null,
      walk: t ? t.walkMs : null,
      score: t ? t.scoreMs : null,
      after: t ? shownAt - t.endedAt : null,
      toStore: t && stored.createdAt ? stored.createdAt - t.endedAt : null,
      toReader: stored && stored.createdAt ? readerOrigin - stored.createdAt : null,
      readerOwn: shownAt - readerOrigin,
      // The same end as the reader page marks it (the harness sees it
      // later: its wait for the rendered reader polls through CDP).
      rendered: inside.renderEnd == null ? null : readerOrigin + inside.renderEnd - clickedAt,
      ...inside,
      path: stored && stored.result ? stored.result.path : null,
    };
  } finally {
    await page.close().catch(() => {});
  }
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
          if (a.cold) {
            for (const id of ids) {
              const r = await coldClick(browser, server, id, a.path, a.cold);
              if (r) rows.get(dir).push(r);
            }
            continue;
          }
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
  console.log(`\n# First click${a.cold === 'cold' ? ' on a stopped worker' : a.cold ? ' a second after the page loaded in a new worker' : ''}: ${ids.length} pages of ${a.dataset}, two runs per build\n`);
  if (a.cold) {
    console.log('| build | reads | paths | click → reader shown | click → page starts | page: walk | page: scoring message (the worker\'s core) | page done → reader shown | … page done → worker stored it | … stored → reader page starts | … reader page starts → shown |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    const inside = [];
    a.builds.forEach((build, i) => {
      const rs = rows.get(copies[i]);
      const col = (k) => med(rs.map((r) => r[k]));
      console.log(`| ${build} | ${rs.length} | ${[...new Set(rs.map((r) => r.path))].join(', ')} | ${col('roundTrip')} | ${col('toStart')} | ${col('walk')} | ${col('score')} | ${col('after')} | ${col('toStore')} | ${col('toReader')} | ${col('readerOwn')} |`);
      inside.push(`| ${build} | ${col('responseEnd')} | ${col('interactive')} | ${col('renderStart')} | ${col('renderEnd')} | ${col('rendered')} |`);
    });
    console.log('\nInside the reader page, from its navigation start (medians, ms):\n');
    console.log('| build | reader.html loaded (response end) | its scripts have run (DOM interactive) | render starts | render ends | click → render ends |');
    console.log('|---|---|---|---|---|---|');
    for (const line of inside) console.log(line);
    await Promise.all(copies.map((c) => rm(c, { recursive: true, force: true })));
    return;
  }
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
