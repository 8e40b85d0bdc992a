// The evaluation harness: Pith against Mozilla Readability.js 0.6 on the live
// page, in the same browser, in the same run.
//
//   node tests/eval/run.mjs DATASET_DIR [--out DIR] [--gate BASELINE.json [--gate-key KEY]]
//                           [--ids a,b] [--ids-file IDS.json] [--limit N]
//   (./build.sh eval DATASET_DIR … runs this after building.)
//
// DATASET_DIR: pages/<id>.html (or <id>.html.gz) and ground-truth.json
// ({id: {articleBody?, title?, pageType?, with?, without?, …}}). Only the ids
// of ground-truth.json are needed; only what an entry holds is scored.
// --ids-file: a JSON array of ids (e.g. tests/eval/wcxb-ci-sample.json); with
// --ids and --limit it narrows the run. Pages run in the order of
// Object.keys(ground truth) (JavaScript puts integer-like ids such as "1628"
// before others such as "0001"), whatever the order of --ids or the file.
//
// Scores (tests/eval/score.mjs), both on every set, for both systems: shingle
// F1 (the article-extraction benchmark's method) and word F1 (WCXB's), plus
// WCXB's `with`/`without` snippet rates where the truth has snippets, and,
// where pages carry `pageType`, word scores per type and Pith's page-type
// confusion matrix. A set's primary metric is word F1 if its pages carry
// `pageType` (wcxb-dev), shingle F1 otherwise; the loss table uses it.
//
// Writes to --out (default eval-out/<gate key or set>/): predictions.json
// (Pith), readability.json, timings.json, scores.json (per page, both
// systems: word and shingle P/R/F1, snippet rates, page type) and summary.md.
//
// PITH_HASH_NAMES=1 in the environment: every class and id name of the
// served pages hashed, as CSS-in-JS builds ship them (tests/eval/pages.mjs,
// `hashNames`): how much each system leans on names (tests/eval/EVAL.md).
//
// --gate BASELINE.json: fails (exit 1) if Pith's score is more than the
// entry's tolerance below its floor. The entry is baseline[KEY] where KEY is
// --gate-key, or the set's name for a run over the whole set (a narrowed run
// must name its key, so that a sample is never held to a full set's floor);
// the entry's "metric" ("shingleF1" or "wordF1") says which score it gates.
//
// Per page: the page is served as text/html at its ground-truth URL (where
// it has one, else from 127.0.0.1; tests/eval/pages.mjs), answered by the
// harness itself; every other request is answered with nothing; the page's own scripts never run (a
// `script-src 'wasm-unsafe-eval'` policy blocks them all, while leaving
// WebAssembly to the extension). Pith runs through the extension itself
// (dist/chrome, given host access to every page so the harness needs no
// clicks): the service worker injects the content script, which walks the
// live DOM and extracts. Readability.js runs in the same page on
// document.cloneNode(true). Which goes first alternates from page to page;
// each is timed inside the page with performance.now().

import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { ROOT, DIST, launchWithExtension, tabIdOf } from '../e2e/lib.mjs';
import { evaluate, evaluateWords, evaluateSnippets, meanWordScores, confusionMatrix, quantile, PAGE_KINDS } from './score.mjs';
import { servePages, isolatePage, withHostAccess, VIEWPORT } from './pages.mjs';

/** A page that has not loaded by then is recorded as a load failure. */
const LOAD_TIMEOUT_MS = 20000;
/** A system that has not answered by then gets an empty prediction. */
const EXTRACT_TIMEOUT_MS = 30000;
/** Metadata fields compared by exact match, where the truth has them. */
const EXACT_FIELDS = ['title', 'headline', 'byline', 'lang', 'dir', 'siteName', 'publishedDay'];
/**
 * Fields compared with another field of the truth: Pith's headline (the
 * title without the site's name, which its reader shows) with the title.
 * Only for a system that gives the field.
 */
const TRUTH_FIELD = { headline: 'title', publishedDay: 'publishedTime' };
/**
 * Fields compared by their first ten characters (the day of an ISO 8601
 * time: wcxb-dev's truths are days, the readability set's whole times),
 * for every system alike, read from another field of the prediction.
 */
const DAY_OF = { publishedDay: 'publishedTime' };
/** Output fields of both systems besides articleBody (the same names in Pith's Extraction and Readability's article). */
const FIELDS = ['title', 'headline', 'byline', 'lang', 'dir', 'siteName', 'publishedTime', 'excerpt', 'readerable'];

const USAGE = 'usage: run.mjs DATASET_DIR [--out DIR] [--gate BASELINE.json [--gate-key KEY]] [--ids a,b] [--ids-file IDS.json] [--limit N]';

function parseArgs(argv) {
  const args = { dataset: null, out: null, gate: null, gateKey: null, ids: null, idsFile: null, limit: Infinity };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value\n${USAGE}`);
      return argv[++i];
    };
    if (a === '--out') args.out = value();
    else if (a === '--gate') args.gate = value();
    else if (a === '--gate-key') args.gateKey = value();
    else if (a === '--ids') args.ids = value().split(',');
    else if (a === '--ids-file') args.idsFile = resolve(value());
    else if (a === '--limit') args.limit = Number(value());
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else if (!args.dataset) args.dataset = a;
    else throw new Error(`unexpected argument ${a}\n${USAGE}`);
  }
  if (!args.dataset) throw new Error(USAGE);
  args.dataset = resolve(args.dataset);
  args.name = basename(args.dataset);
  args.out = resolve(args.out || join(ROOT, 'eval-out', args.gateKey || args.name));
  return args;
}

/** The run's ids: Object.keys(truth) order, narrowed by --ids, --ids-file and --limit. */
async function selectIds(args, truth) {
  let ids = Object.keys(truth);
  if (args.ids) {
    const want = new Set(args.ids);
    ids = ids.filter((id) => want.has(id));
  }
  if (args.idsFile) {
    const list = JSON.parse(await readFile(args.idsFile, 'utf8'));
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
      throw new Error(`--ids-file ${args.idsFile}: not a JSON array of id strings`);
    }
    const unknown = list.filter((id) => !(id in truth));
    if (unknown.length) throw new Error(`--ids-file ${args.idsFile}: ${unknown.length} ids not in ${args.name} (${unknown.slice(0, 5).join(', ')}…)`);
    const want = new Set(list);
    ids = ids.filter((id) => want.has(id));
  }
  return ids.slice(0, args.limit);
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

/**
 * A prediction: the article's text, the FIELDS of `source` (null where absent
 * or empty) and the page type (Pith's `pageType.kind`, a camelCase string;
 * null where absent, as for Readability.js, which has none).
 */
function prediction(articleBody, source) {
  const p = { articleBody };
  for (const f of FIELDS) p[f] = source[f] === '' ? null : source[f] ?? null;
  const kind = source.pageType?.kind;
  p.pageType = typeof kind === 'string' && kind ? kind : null;
  // What Pith's reader shows (src/decision/mod.rs `shows`); Readability.js has none.
  if (typeof source.shows === 'string') p.shows = source.shows;
  return p;
}

const median = (xs) => quantile(xs, 0.5);
const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

const hasSnippets = (t) => Array.isArray(t.with) || Array.isArray(t.without);
const typed = (t) => typeof t.pageType === 'string' && t.pageType !== '';

/**
 * Scores one system's predictions; text scores only where the truth has
 * articleBody: `text` (shingles), `words` (word F1), `snippets` (where the
 * truth has any), `byType` (word scores per labelled page type).
 */
function scoreSystem(ids, truth, predictions) {
  const scored = ids.filter((id) => typeof truth[id].articleBody === 'string');
  const predictionOf = (id) => predictions[id]?.articleBody || '';
  const text = scored.length ? evaluate(scored, (id) => truth[id].articleBody, predictionOf) : null;
  const words = scored.length ? evaluateWords(scored, (id) => truth[id].articleBody, predictionOf) : null;
  const withSnippets = ids.filter((id) => hasSnippets(truth[id]));
  const snippets = withSnippets.length ? evaluateSnippets(withSnippets, (id) => truth[id], predictionOf) : null;
  let byType = null;
  if (words && scored.some((id) => typed(truth[id]))) {
    const groups = new Map();
    for (const p of words.pages) {
      const type = typed(truth[p.id]) ? truth[p.id].pageType : '(unlabelled)';
      if (!groups.has(type)) groups.set(type, []);
      groups.get(type).push(p);
    }
    const rank = (t) => (PAGE_KINDS.includes(t) ? PAGE_KINDS.indexOf(t) : PAGE_KINDS.length);
    byType = [...groups.keys()]
      .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
      .map((type) => {
        const { pages, ...means } = meanWordScores(groups.get(type));
        return { type, ...means };
      });
  }
  const exact = {};
  for (const f of EXACT_FIELDS) {
    const t = TRUTH_FIELD[f] || f;
    const from = DAY_OF[f] || f;
    if (TRUTH_FIELD[f] && !ids.some((id) => typeof predictions[id]?.[from] === 'string')) continue;
    const have = ids.filter((id) => truth[id][t] !== undefined && truth[id][t] !== null
      && !(DAY_OF[f] && String(truth[id][t]).trim() === ''));
    if (!have.length) continue;
    const cut = (v) => (DAY_OF[f] ? String(v ?? '').trim().slice(0, 10) : String(v ?? '').trim());
    const hits = have.filter((id) => cut(predictions[id]?.[from]) === cut(truth[id][t]));
    exact[f] = { rate: hits.length / have.length, n: have.length };
  }
  const withReaderable = ids.filter((id) => typeof truth[id].readerable === 'boolean');
  const readerable = withReaderable.length
    ? withReaderable.filter((id) => predictions[id]?.readerable === truth[id].readerable).length / withReaderable.length
    : null;
  const empty = ids.filter((id) => !(predictions[id]?.articleBody || '').trim()).length;
  return { text, words, snippets, byType, exact, readerable, readerableN: withReaderable.length, empty };
}

/** The set's primary metric: word F1 where pages carry pageType (WCXB), shingle F1 otherwise. */
function primaryMetric(ids, truth) {
  return ids.some((id) => typed(truth[id])) ? 'wordF1' : 'shingleF1';
}

/** A system's set-level score for a metric name ("shingleF1" or "wordF1"). */
function metricOf(system, metric) {
  if (metric === 'shingleF1') return system.text?.f1;
  if (metric === 'wordF1') return system.words?.f1;
  throw new Error(`unknown metric "${metric}" (shingleF1 or wordF1)`);
}

/** Per page, both systems: every score, for inspecting losses (scores.json). */
function perPageScores(ids, truth, systems, pith) {
  const index = (s) => ({
    text: Object.fromEntries((s.text?.pages || []).map((p) => [p.id, p])),
    words: Object.fromEntries((s.words?.pages || []).map((p) => [p.id, p])),
    snippets: Object.fromEntries((s.snippets?.pages || []).map((p) => [p.id, p])),
  });
  const round = (x) => (typeof x === 'number' ? Math.round(x * 10000) / 10000 : x);
  const entry = (ix, id) => {
    const w = ix.words[id];
    const t = ix.text[id];
    const sn = ix.snippets[id];
    return {
      word: w ? { p: round(w.precision), r: round(w.recall), f1: round(w.f1), predictedTokens: w.predictedTokens } : null,
      shingle: t ? { p: round(t.precision), r: round(t.recall), f1: round(t.f1) } : null,
      ...(sn ? { with: round(sn.with), without: round(sn.without) } : {}),
    };
  };
  const a = index(systems.Pith);
  const b = index(systems['Readability.js']);
  return Object.fromEntries(ids.map((id) => [id, {
    ...(typed(truth[id]) ? { pageType: truth[id].pageType, pithPageType: pith[id]?.pageType ?? null } : {}),
    truthTokens: a.words[id]?.truthTokens ?? null,
    pith: entry(a, id),
    readability: entry(b, id),
  }]));
}

function summarize(args, ids, truth, pith, readability, timings, failures, wallMs) {
  const systems = { Pith: scoreSystem(ids, truth, pith), 'Readability.js': scoreSystem(ids, truth, readability) };
  const primary = primaryMetric(ids, truth);
  const times = {
    Pith: ids.map((id) => timings[id]?.pith?.extractMs),
    'Readability.js': ids.map((id) => timings[id]?.readability?.ms),
  };
  const ratios = ids
    .map((id) => timings[id]?.pith?.extractMs / timings[id]?.readability?.ms)
    .filter((r) => Number.isFinite(r));
  const lines = [];
  const title = args.gateKey && args.gateKey !== args.name ? `${args.name} (${args.gateKey})` : args.name;
  lines.push(`# Evaluation: ${title}`, '');
  const narrowed = args.idsFile ? `, the ids of ${basename(args.idsFile)}` : args.ids || Number.isFinite(args.limit) ? ', a subset' : '';
  lines.push(`${ids.length} pages${narrowed}, ${failures.length} load failures, run in ${(wallMs / 1000).toFixed(0)} s; viewport ${VIEWPORT.width}×${VIEWPORT.height}; page scripts blocked.`, '');
  const hasText = systems.Pith.text !== null;
  const snip = systems.Pith.snippets;
  const primaryName = primary === 'wordF1' ? 'word F1' : 'shingle F1';
  if (hasText) {
    lines.push(`Primary metric: ${primaryName}. Shingle scores: word 4-grams, case kept, P and R means over pages, F1 their harmonic mean. Word scores (WCXB): lower-cased words, P, R and F1 means over pages (F1 the mean of per-page F1s).${snip ? ' Snippets: share of `with` (↑) / `without` (↓) snippets found in the prediction, lower-cased and whitespace-normalised.' : ''}`, '');
  }
  const snipCols = snip ? ` with ↑ (n=${snip.with.n}) | without ↓ (n=${snip.without.n}) |` : '';
  lines.push(`| system | shingle P | shingle R | shingle F1 | accuracy | word P | word R | word F1 |${snipCols} empty | median ms | p95 ms |`);
  lines.push(`|---|---|---|---|---|---|---|---|${snip ? '---|---|' : ''}---|---|---|`);
  for (const [name, s] of Object.entries(systems)) {
    const t = s.text;
    const w = s.words;
    const cells = hasText
      ? [fmt(t.precision), fmt(t.recall), fmt(t.f1), fmt(t.accuracy), fmt(w.precision), fmt(w.recall), fmt(w.f1)]
      : Array(7).fill('–');
    if (snip) cells.push(fmt(s.snippets.with.rate ?? NaN), fmt(s.snippets.without.rate ?? NaN));
    lines.push(`| ${name} | ${cells.join(' | ')} | ${s.empty} | ${fmt(median(times[name]), 1)} | ${fmt(quantile(times[name], 0.95), 1)} |`);
  }
  const withInit = ids.map((id) => timings[id]?.pith?.totalMs);
  lines.push('', `Pith's time is its extraction (walk, scores, article); loading its wasm core first, once per page, brings it to a median of ${fmt(median(withInit), 1)} ms (p95 ${fmt(quantile(withInit, 0.95), 1)} ms).`);
  lines.push(`Median per-page time ratio Pith / Readability.js (extraction only): ${fmt(median(ratios), 2)}.`);
  // "a 3, b 1": how many pages give each value of `of(id)` ('none' for none).
  const counted = (of) => {
    const counts = {};
    for (const id of ids) {
      const v = of(id) || 'none';
      counts[v] = (counts[v] || 0) + 1;
    }
    return Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ');
  };
  lines.push(`Pith paths: ${counted((id) => timings[id]?.pith?.path)}.`);
  lines.push(`Pith's reader shows: ${counted((id) => pith[id]?.shows)} (article: running text; content: a page without it, under a line naming its kind; notice: too little to read).`, '');
  const fields = EXACT_FIELDS.filter((f) => systems.Pith.exact[f]);
  if (fields.length || systems.Pith.readerable !== null) {
    lines.push(`| exact match | ${fields.map((f) => `${f} (n=${systems.Pith.exact[f].n})`).join(' | ')}${systems.Pith.readerable !== null ? ` | readerable (n=${systems.Pith.readerableN})` : ''} |`);
    lines.push(`|---|${fields.map(() => '---').join('|')}${systems.Pith.readerable !== null ? '|---' : ''}|`);
    for (const [name, s] of Object.entries(systems)) {
      lines.push(`| ${name} | ${fields.map((f) => (s.exact[f] ? fmt(s.exact[f].rate) : 'n/a')).join(' | ')}${s.readerable !== null ? ` | ${fmt(s.readerable)}` : ''} |`);
    }
    lines.push('');
  }
  let confusion = null;
  if (systems.Pith.byType) {
    const rb = Object.fromEntries(systems['Readability.js'].byType.map((r) => [r.type, r]));
    lines.push('Word scores per page type:', '');
    lines.push('| type | n | Pith P | Pith R | Pith F1 | Readability.js P | Readability.js R | Readability.js F1 |');
    lines.push('|---|---|---|---|---|---|---|---|');
    for (const r of systems.Pith.byType) {
      const o = rb[r.type];
      lines.push(`| ${r.type} | ${r.n} | ${fmt(r.precision)} | ${fmt(r.recall)} | ${fmt(r.f1)} | ${fmt(o.precision)} | ${fmt(o.recall)} | ${fmt(o.f1)} |`);
    }
    lines.push('');
    confusion = confusionMatrix(ids.filter((id) => typed(truth[id])).map((id) => [truth[id].pageType, pith[id]?.pageType]));
    lines.push(`Pith's page type (columns) against the label (rows): accuracy ${fmt(confusion.accuracy)} (${confusion.correct} of ${confusion.n}).`, '');
    lines.push(`| label \\ Pith | ${confusion.cols.join(' | ')} |`);
    lines.push(`|---|${confusion.cols.map(() => '---').join('|')}|`);
    for (const r of confusion.rows) {
      lines.push(`| ${r} | ${confusion.cols.map((c) => (c === r ? `**${confusion.counts[r][c]}**` : String(confusion.counts[r][c]))).join(' | ')} |`);
    }
    lines.push('');
  }
  if (hasText) {
    const key = primary === 'wordF1' ? 'words' : 'text';
    const byId = (s) => Object.fromEntries(s[key].pages.map((p) => [p.id, p]));
    const a = byId(systems.Pith);
    const b = byId(systems['Readability.js']);
    const losses = Object.keys(a)
      .map((id) => ({ id, pith: a[id].f1, readability: b[id].f1, loss: b[id].f1 - a[id].f1, p: a[id] }))
      .sort((x, y) => y.loss - x.loss)
      .slice(0, 10);
    const typeCols = primary === 'wordF1';
    lines.push(`Pages where Pith loses most ${primaryName} to Readability.js (every page's scores: scores.json):`, '');
    lines.push(`| page |${typeCols ? ' type | Pith type |' : ''} Pith F1 | Readability.js F1 | loss | Pith precision | Pith recall |`);
    lines.push(`|---|${typeCols ? '---|---|' : ''}---|---|---|---|---|`);
    for (const l of losses) {
      const types = typeCols ? ` ${truth[l.id].pageType ?? '–'} | ${pith[l.id]?.pageType ?? '–'} |` : '';
      lines.push(`| ${l.id} |${types} ${fmt(l.pith)} | ${fmt(l.readability)} | ${fmt(l.loss)} | ${fmt(l.p.precision ?? NaN)} | ${fmt(l.p.recall ?? NaN)} |`);
    }
    lines.push('');
  }
  if (failures.length) {
    lines.push('Load failures:', '', ...failures.map((f) => `- ${f.id}: ${f.reason}`), '');
  }
  return { markdown: lines.join('\n'), systems, primary, confusion };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const truth = JSON.parse(await readFile(join(args.dataset, 'ground-truth.json'), 'utf8'));
  const ids = await selectIds(args, truth);
  if (!ids.length) throw new Error('no page to run (check --ids, --ids-file, --limit)');
  // The gate's entry is checked before the run, not after it.
  const gate = args.gate ? await gateEntry(args) : null;
  const readabilitySrc = [
    await readFile(join(ROOT, 'node_modules/@mozilla/readability/Readability.js'), 'utf8'),
    await readFile(join(ROOT, 'node_modules/@mozilla/readability/Readability-readerable.js'), 'utf8'),
  ].join('\n;\n');

  const server = await servePages(join(args.dataset, 'pages'), truth);
  const extensionDir = await withHostAccess(join(DIST, 'chrome'));
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
  const { markdown, systems, primary, confusion } = summarize(args, ids, truth, pith, readability, timings, failures, wallMs);
  await writeFile(join(args.out, 'scores.json'), JSON.stringify({
    primaryMetric: primary,
    systems: Object.fromEntries(Object.entries(systems).map(([name, s]) => [name, {
      shingle: s.text && { precision: s.text.precision, recall: s.text.recall, f1: s.text.f1, accuracy: s.text.accuracy },
      word: s.words && { precision: s.words.precision, recall: s.words.recall, f1: s.words.f1 },
      snippets: s.snippets && { with: s.snippets.with, without: s.snippets.without },
      byType: s.byType,
    }])),
    pageTypeConfusion: confusion,
    pages: perPageScores(ids, truth, systems, pith),
  }, null, 1));
  await writeFile(join(args.out, 'summary.md'), markdown + '\n');
  process.stdout.write(markdown + '\n');
  process.stdout.write(`\nwrote ${args.out}/{predictions,readability,timings,scores}.json and summary.md\n`);

  if (gate) {
    const { key, metric, floor, tolerance } = gate;
    const score = metricOf(systems.Pith, metric);
    const what = `Pith ${metric} ${fmt(score)}`;
    if (!(score >= floor - tolerance)) {
      process.stdout.write(`\nGATE FAILED (${key}): ${what} is more than ${tolerance} below the floor ${fmt(floor)} (${args.gate}).\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`\ngate passed (${key}): ${what} ≥ floor ${fmt(floor)} − ${tolerance}.\n`);
    }
  }
}

/**
 * The gate's entry in the baseline: {key, metric, floor, tolerance}. The key
 * is --gate-key, or the set's name for a run over the whole set.
 */
async function gateEntry(args) {
  const narrowed = args.ids || args.idsFile || Number.isFinite(args.limit);
  if (narrowed && !args.gateKey) {
    throw new Error(`gate: a run over part of ${args.name} (--ids, --ids-file, --limit) needs --gate-key, so that it is not held to the whole set's floor`);
  }
  const key = args.gateKey || args.name;
  const baseline = JSON.parse(await readFile(resolve(args.gate), 'utf8'));
  const entry = baseline[key];
  if (!entry || typeof entry !== 'object') throw new Error(`gate: ${args.gate} has no entry "${key}"`);
  const { metric, f1: floor } = entry;
  const tolerance = entry.tolerance ?? baseline.tolerance;
  if (metric !== 'shingleF1' && metric !== 'wordF1') throw new Error(`gate: "${key}".metric must be "shingleF1" or "wordF1", not ${JSON.stringify(metric)}`);
  if (typeof floor !== 'number') throw new Error(`gate: "${key}" has no numeric floor "f1"`);
  if (typeof tolerance !== 'number') throw new Error(`gate: "${key}" has no numeric "tolerance"`);
  return { key, metric, floor, tolerance };
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
