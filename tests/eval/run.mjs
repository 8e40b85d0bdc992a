// The evaluation harness: Pith against Mozilla Readability.js 0.6 on the live
// page, in the same browser, in the same run.
//
//   node tests/eval/run.mjs DATASET_DIR [--out DIR] [--gate BASELINE.json] [--ids a,b] [--limit N]
//   (./build.sh eval DATASET_DIR … runs this after building.)
//
// DATASET_DIR: pages/<id>.html and ground-truth.json ({id: {articleBody?, title?, …}}).
// Only the ids of ground-truth.json are needed; only what an entry holds is scored.
//
// Per page: the page is served from 127.0.0.1 as text/html; every other
// request is answered with nothing; the page's own scripts never run (a
// `script-src 'wasm-unsafe-eval'` policy blocks them all, while leaving
// WebAssembly to the extension). Pith runs through the extension itself
// (dist/chrome, given host access to 127.0.0.1 so the harness needs no
// clicks): the service worker injects the content script, which walks the
// live DOM and extracts. Readability.js runs in the same page on
// document.cloneNode(true). Which goes first alternates from page to page;
// each is timed inside the page with performance.now().

import { readFile, writeFile, mkdir, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { ROOT, DIST, launchWithExtension, tabIdOf } from '../e2e/lib.mjs';
import { evaluate } from './score.mjs';
import { servePages, isolatePage } from './pages.mjs';

/** Fixed viewport, as the issue asks. */
const VIEWPORT = { width: 1280, height: 900 };
/** A page that has not loaded by then is recorded as a load failure. */
const LOAD_TIMEOUT_MS = 20000;
/** A system that has not answered by then gets an empty prediction. */
const EXTRACT_TIMEOUT_MS = 30000;
/** Metadata fields compared by exact match, where the truth has them. */
const EXACT_FIELDS = ['title', 'byline', 'lang', 'dir', 'siteName'];
/** Output fields of both systems besides articleBody (the same names in Pith's Extraction and Readability's article). */
const FIELDS = ['title', 'byline', 'lang', 'dir', 'siteName', 'publishedTime', 'excerpt', 'readerable'];

function parseArgs(argv) {
  const args = { dataset: null, out: null, gate: null, ids: null, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') args.out = argv[++i];
    else if (a === '--gate') args.gate = argv[++i];
    else if (a === '--ids') args.ids = argv[++i].split(',');
    else if (a === '--limit') args.limit = Number(argv[++i]);
    else if (!args.dataset) args.dataset = a;
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!args.dataset) throw new Error('usage: run.mjs DATASET_DIR [--out DIR] [--gate BASELINE.json]');
  args.dataset = resolve(args.dataset);
  args.name = basename(args.dataset);
  args.out = resolve(args.out || join(ROOT, 'eval-out', args.name));
  return args;
}

/** dist/chrome with host access to 127.0.0.1, so extraction needs no click. */
async function harnessExtension() {
  const dir = await mkdtemp(join(tmpdir(), 'pith-eval-ext-'));
  await cp(join(DIST, 'chrome'), dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.host_permissions = ['http://127.0.0.1/*'];
  await writeFile(manifestPath, JSON.stringify(manifest));
  return dir;
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(`${what} timed out after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Runs in the page: Readability.js on a clone of the document, timed, and
 * its article turned into plain text, blocks separated by newlines.
 */
function runReadability(fieldNames) {
  /* global Readability, isProbablyReaderable */
  const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'dialog',
    'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4',
    'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table',
    'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'ul', 'summary', 'picture', 'img']);
  function blockText(root) {
    const out = [];
    (function walk(node, pre) {
      for (const child of node.childNodes) {
        if (child.nodeType === 3) {
          out.push(pre ? child.data : child.data.replace(/\s+/g, ' '));
        } else if (child.nodeType === 1) {
          const tag = child.localName;
          if (tag === 'script' || tag === 'style' || tag === 'template') continue;
          const block = BLOCK.has(tag);
          if (block) out.push('\n');
          walk(child, pre || tag === 'pre');
          if (block) out.push('\n');
        }
      }
    })(root, false);
    return out.join('').split('\n').map((l) => l.trim()).filter(Boolean).join('\n');
  }
  const t0 = performance.now();
  const article = new Readability(document.cloneNode(true)).parse();
  const ms = performance.now() - t0;
  const fields = Object.fromEntries(fieldNames.map((f) => [f, article ? article[f] : null]));
  fields.readerable = isProbablyReaderable(document);
  const doc = new DOMParser().parseFromString(article ? article.content || '' : '', 'text/html');
  return { ms, articleBody: blockText(doc.body), fields };
}

function emptyPrediction(reason) {
  return { articleBody: '', error: reason };
}

/** A prediction: the article's text and the FIELDS of `source` (null where absent or empty). */
function prediction(articleBody, source) {
  const p = { articleBody };
  for (const f of FIELDS) p[f] = source[f] === '' ? null : source[f] ?? null;
  return p;
}

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

/** Scores one system's predictions; text scores only where the truth has articleBody. */
function scoreSystem(ids, truth, predictions) {
  const scored = ids.filter((id) => typeof truth[id].articleBody === 'string');
  const text = scored.length
    ? evaluate(scored, (id) => truth[id].articleBody, (id) => predictions[id]?.articleBody || '')
    : null;
  const exact = {};
  for (const f of EXACT_FIELDS) {
    const have = ids.filter((id) => truth[id][f] !== undefined && truth[id][f] !== null);
    if (!have.length) continue;
    const hits = have.filter((id) => String(predictions[id]?.[f] ?? '').trim() === String(truth[id][f]).trim());
    exact[f] = { rate: hits.length / have.length, n: have.length };
  }
  const withReaderable = ids.filter((id) => typeof truth[id].readerable === 'boolean');
  const readerable = withReaderable.length
    ? withReaderable.filter((id) => predictions[id]?.readerable === truth[id].readerable).length / withReaderable.length
    : null;
  const empty = ids.filter((id) => !(predictions[id]?.articleBody || '').trim()).length;
  return { text, exact, readerable, readerableN: withReaderable.length, empty };
}

function summarize(args, ids, truth, pith, readability, timings, failures, wallMs) {
  const systems = { Pith: scoreSystem(ids, truth, pith), 'Readability.js': scoreSystem(ids, truth, readability) };
  const times = {
    Pith: ids.map((id) => timings[id]?.pith?.extractMs),
    'Readability.js': ids.map((id) => timings[id]?.readability?.ms),
  };
  const ratios = ids
    .map((id) => timings[id]?.pith?.extractMs / timings[id]?.readability?.ms)
    .filter((r) => Number.isFinite(r));
  const lines = [];
  lines.push(`# Evaluation: ${args.name}`, '');
  lines.push(`${ids.length} pages, ${failures.length} load failures, run in ${(wallMs / 1000).toFixed(0)} s; viewport ${VIEWPORT.width}×${VIEWPORT.height}; page scripts blocked.`, '');
  const hasText = systems.Pith.text !== null;
  lines.push('| system | precision | recall | F1 | accuracy | empty | median ms | p95 ms |');
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const [name, s] of Object.entries(systems)) {
    const t = s.text;
    lines.push(`| ${name} | ${hasText ? fmt(t.precision) : '–'} | ${hasText ? fmt(t.recall) : '–'} | ${hasText ? fmt(t.f1) : '–'} | ${hasText ? fmt(t.accuracy) : '–'} | ${s.empty} | ${fmt(median(times[name]), 1)} | ${fmt(quantile(times[name], 0.95), 1)} |`);
  }
  const withInit = ids.map((id) => timings[id]?.pith?.totalMs);
  lines.push('', `Pith's time is its extraction (walk, scores, article); loading its wasm core first, once per page, brings it to a median of ${fmt(median(withInit), 1)} ms (p95 ${fmt(quantile(withInit, 0.95), 1)} ms).`);
  lines.push(`Median per-page time ratio Pith / Readability.js (extraction only): ${fmt(median(ratios), 2)}.`);
  const pathCounts = {};
  for (const id of ids) {
    const p = timings[id]?.pith?.path || 'none';
    pathCounts[p] = (pathCounts[p] || 0) + 1;
  }
  lines.push(`Pith paths: ${Object.entries(pathCounts).map(([k, v]) => `${k} ${v}`).join(', ')}.`, '');
  const fields = EXACT_FIELDS.filter((f) => systems.Pith.exact[f]);
  if (fields.length || systems.Pith.readerable !== null) {
    lines.push(`| exact match | ${fields.map((f) => `${f} (n=${systems.Pith.exact[f].n})`).join(' | ')}${systems.Pith.readerable !== null ? ` | readerable (n=${systems.Pith.readerableN})` : ''} |`);
    lines.push(`|---|${fields.map(() => '---').join('|')}${systems.Pith.readerable !== null ? '|---' : ''}|`);
    for (const [name, s] of Object.entries(systems)) {
      lines.push(`| ${name} | ${fields.map((f) => fmt(s.exact[f].rate)).join(' | ')}${s.readerable !== null ? ` | ${fmt(s.readerable)}` : ''} |`);
    }
    lines.push('');
  }
  if (hasText) {
    const byId = (s) => Object.fromEntries(s.text.pages.map((p) => [p.id, p]));
    const a = byId(systems.Pith);
    const b = byId(systems['Readability.js']);
    const losses = Object.keys(a)
      .map((id) => ({ id, pith: a[id].f1, readability: b[id].f1, loss: b[id].f1 - a[id].f1, p: a[id] }))
      .sort((x, y) => y.loss - x.loss)
      .slice(0, 10);
    lines.push('Pages where Pith loses most F1 to Readability.js:', '');
    lines.push('| page | Pith F1 | Readability.js F1 | loss | Pith precision | Pith recall |');
    lines.push('|---|---|---|---|---|---|');
    for (const l of losses) {
      lines.push(`| ${l.id} | ${fmt(l.pith)} | ${fmt(l.readability)} | ${fmt(l.loss)} | ${fmt(l.p.precision ?? NaN)} | ${fmt(l.p.recall ?? NaN)} |`);
    }
    lines.push('');
  }
  if (failures.length) {
    lines.push('Load failures:', '', ...failures.map((f) => `- ${f.id}: ${f.reason}`), '');
  }
  return { markdown: lines.join('\n'), systems };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const truth = JSON.parse(await readFile(join(args.dataset, 'ground-truth.json'), 'utf8'));
  let ids = Object.keys(truth);
  if (args.ids) ids = ids.filter((id) => args.ids.includes(id));
  ids = ids.slice(0, args.limit);
  const readabilitySrc = [
    await readFile(join(ROOT, 'node_modules/@mozilla/readability/Readability.js'), 'utf8'),
    await readFile(join(ROOT, 'node_modules/@mozilla/readability/Readability-readerable.js'), 'utf8'),
  ].join('\n;\n');

  const server = await servePages(join(args.dataset, 'pages'));
  const extensionDir = await harnessExtension();
  const browser = await launchWithExtension(extensionDir, { viewport: VIEWPORT });
  const page = await browser.context.newPage();
  await isolatePage(browser.context, page, server);

  const pith = {};
  const readability = {};
  const timings = {};
  const failures = [];
  const started = Date.now();
  let tabId = null;
  for (const [i, id] of ids.entries()) {
    const url = server.urlOf(id);
    try {
      const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
      if (!response || !response.ok()) throw new Error(`HTTP ${response ? response.status() : 'no response'}`);
    } catch (e) {
      failures.push({ id, reason: String(e.message).split('\n')[0] });
      pith[id] = emptyPrediction('load failure');
      readability[id] = emptyPrediction('load failure');
      continue;
    }
    tabId ??= await tabIdOf(browser.worker, page.url());
    timings[id] = {};
    const runPith = async () => {
      try {
        const result = await withTimeout(
          browser.worker.evaluate(([tab]) => globalThis.pith.extractTab(tab, { scores: false }), [tabId]),
          EXTRACT_TIMEOUT_MS, 'Pith');
        if (!result.ok) throw new Error(result.error);
        pith[id] = prediction(result.extraction.text, result.extraction);
        timings[id].pith = { ...result.timing, path: result.path };
      } catch (e) {
        pith[id] = emptyPrediction(String(e.message));
      }
    };
    const runReadabilityJs = async () => {
      try {
        await page.evaluate(`${readabilitySrc}\n;0`);
        const r = await withTimeout(page.evaluate(runReadability, FIELDS), EXTRACT_TIMEOUT_MS, 'Readability.js');
        readability[id] = prediction(r.articleBody, r.fields);
        timings[id].readability = { ms: r.ms };
      } catch (e) {
        readability[id] = emptyPrediction(String(e.message));
      }
    };
    if (i % 2 === 0) { await runPith(); await runReadabilityJs(); } else { await runReadabilityJs(); await runPith(); }
    if ((i + 1) % 25 === 0) process.stderr.write(`  ${i + 1}/${ids.length} pages\n`);
  }
  const wallMs = Date.now() - started;
  await browser.close();
  await server.close();
  await rm(extensionDir, { recursive: true, force: true });

  await mkdir(args.out, { recursive: true });
  await writeFile(join(args.out, 'predictions.json'), JSON.stringify(pith, null, 1));
  await writeFile(join(args.out, 'readability.json'), JSON.stringify(readability, null, 1));
  await writeFile(join(args.out, 'timings.json'), JSON.stringify(timings, null, 1));
  const { markdown, systems } = summarize(args, ids, truth, pith, readability, timings, failures, wallMs);
  await writeFile(join(args.out, 'summary.md'), markdown + '\n');
  process.stdout.write(markdown + '\n');
  process.stdout.write(`\nwrote ${args.out}/{predictions,readability,timings}.json and summary.md\n`);

  if (args.gate) {
    const baseline = JSON.parse(await readFile(resolve(args.gate), 'utf8'));
    const floor = baseline[args.name]?.f1;
    const f1 = systems.Pith.text?.f1;
    if (typeof floor !== 'number') throw new Error(`gate: ${args.gate} has no F1 floor for "${args.name}"`);
    if (!(f1 >= floor - baseline.tolerance)) {
      process.stdout.write(`\nGATE FAILED: Pith F1 ${fmt(f1)} is more than ${baseline.tolerance} below the floor ${fmt(floor)} (${args.gate}).\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`\ngate passed: Pith F1 ${fmt(f1)} ≥ floor ${fmt(floor)} − ${baseline.tolerance}.\n`);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
