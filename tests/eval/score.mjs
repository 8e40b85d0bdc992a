// The article-extraction benchmark's scoring method, as
// ../shared/datasets/README.md defines it:
// - tokens are the matches of /\w+/u (Unicode, case kept);
// - a text's shingles are its token 4-grams, counted as a multiset; a text of
//   fewer than 4 tokens is one shingle;
// - per page: TP = shared shingles (minimum of counts), FP = predicted excess,
//   FN = missing; the three are divided by their sum;
// - precision = mean over pages with TP+FP > 0 of TP/(TP+FP); recall = mean
//   over pages with TP+FN > 0 of TP/(TP+FN); a page with FP = FN = 0 counts 1
//   for both;
// - F1 = harmonic mean of that precision and that recall; accuracy = share of
//   pages whose token list equals the truth's.

/** Shingle length (word 4-grams). */
export const SHINGLE_SIZE = 4;

// Python's `\w` on str (the benchmark's tokeniser): characters that are
// alphabetic (L*) or numeric (N*), and the underscore. Marks are not in it.
const TOKEN = /[\p{L}\p{N}_]+/gu;

/** The tokens of a text. */
export function tokenize(text) {
  return (text || '').match(TOKEN) || [];
}

/** The shingle multiset of a text: Map shingle → count. */
export function shingles(text, n = SHINGLE_SIZE) {
  const tokens = tokenize(text);
  const counts = new Map();
  const add = (s) => counts.set(s, (counts.get(s) || 0) + 1);
  if (tokens.length === 0) return counts;
  if (tokens.length < n) {
    add(tokens.join(' '));
    return counts;
  }
  for (let i = 0; i + n <= tokens.length; i++) add(tokens.slice(i, i + n).join(' '));
  return counts;
}

/**
 * One page's normalised counts.
 * @returns {{tp: number, fp: number, fn: number}} divided by their sum (all 0 if the sum is 0)
 */
export function pageCounts(truth, prediction) {
  const t = shingles(truth);
  const p = shingles(prediction);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...t.keys(), ...p.keys()])) {
    const a = t.get(key) || 0;
    const b = p.get(key) || 0;
    tp += Math.min(a, b);
    fp += Math.max(0, b - a);
    fn += Math.max(0, a - b);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp: 0, fp: 0, fn: 0 };
}

/** A page's precision, or null when it has no predicted shingle. */
export function pagePrecision({ tp, fp, fn }) {
  if (fp === 0 && fn === 0) return 1;
  return tp + fp > 0 ? tp / (tp + fp) : null;
}

/** A page's recall, or null when the truth has no shingle. */
export function pageRecall({ tp, fp, fn }) {
  if (fp === 0 && fn === 0) return 1;
  return tp + fn > 0 ? tp / (tp + fn) : null;
}

/** Harmonic mean; 0 when both are 0. */
export function harmonic(p, r) {
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

function mean(values) {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** Whether the two texts have the same token list. */
export function sameTokens(truth, prediction) {
  const a = tokenize(truth);
  const b = tokenize(prediction);
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Scores predictions against the truth, over the ids given.
 * @param {string[]} ids
 * @param {(id: string) => string} truthOf
 * @param {(id: string) => string} predictionOf
 */
export function evaluate(ids, truthOf, predictionOf) {
  const pages = ids.map((id) => {
    const counts = pageCounts(truthOf(id), predictionOf(id));
    const precision = pagePrecision(counts);
    const recall = pageRecall(counts);
    return {
      id, ...counts, precision, recall,
      f1: harmonic(precision ?? 0, recall ?? 0),
      exact: sameTokens(truthOf(id), predictionOf(id)),
    };
  });
  const precision = mean(pages.map((p) => p.precision).filter((v) => v !== null));
  const recall = mean(pages.map((p) => p.recall).filter((v) => v !== null));
  return {
    pages,
    precision,
    recall,
    f1: harmonic(precision, recall),
    accuracy: pages.length ? pages.filter((p) => p.exact).length / pages.length : 0,
  };
}

// ---------------------------------------------------------------------------
// WCXB's scoring method (word F1 and snippets), as ../shared/datasets/README.md
// defines it:
// - tokens are the matches of \w+ in the LOWER-CASED text (the same Unicode
//   \w approximation as above), counted as a multiset;
// - per page: precision = overlap / predicted tokens, recall = overlap / truth
//   tokens, F1 their harmonic mean; an empty truth scores 1 (P = R = F1 = 1)
//   only for an empty prediction, else 0; an empty prediction scores 0
//   (P = R = F1 = 0) unless the truth is empty too;
// - the set's precision, recall and F1 are the MEANS over pages. Note: the
//   set's word F1 is the mean of the per-page F1s, NOT the harmonic mean of the
//   mean precision and mean recall (which is what the shingle method above
//   does); the two differ, and WCXB publishes the mean of per-page F1s.
// - snippets: a page's `with` rate is the share of its `with` snippets found
//   in the prediction (higher is better), its `without` rate the share of its
//   `without` snippets found there (lower is better); the set's rates are the
//   means over the pages that have such snippets. The test is a substring test
//   after lower-casing AND whitespace normalisation (runs of whitespace
//   collapsed to one space, ends trimmed) of both the snippet and the
//   prediction, so that line breaks between blocks do not decide it.

/** The word tokens of a text: \w runs of the lower-cased text. */
export function wordTokens(text) {
  return tokenize((text || '').toLowerCase());
}

function counts(tokens) {
  const m = new Map();
  for (const t of tokens) m.set(t, (m.get(t) || 0) + 1);
  return m;
}

/**
 * One page's word scores.
 * @returns {{precision: number, recall: number, f1: number, truthTokens: number, predictedTokens: number, overlap: number}}
 */
export function wordPageScore(truth, prediction) {
  const t = wordTokens(truth);
  const p = wordTokens(prediction);
  const base = { truthTokens: t.length, predictedTokens: p.length };
  if (t.length === 0) {
    const s = p.length === 0 ? 1 : 0;
    return { precision: s, recall: s, f1: s, ...base, overlap: 0 };
  }
  if (p.length === 0) return { precision: 0, recall: 0, f1: 0, ...base, overlap: 0 };
  const tc = counts(t);
  let overlap = 0;
  for (const [tok, n] of counts(p)) overlap += Math.min(n, tc.get(tok) || 0);
  const precision = overlap / p.length;
  const recall = overlap / t.length;
  return { precision, recall, f1: harmonic(precision, recall), ...base, overlap };
}

/**
 * Word scores over the ids given: per-page scores and their means (F1 = mean
 * of per-page F1s, see above).
 * @param {string[]} ids
 * @param {(id: string) => string} truthOf
 * @param {(id: string) => string} predictionOf
 */
export function evaluateWords(ids, truthOf, predictionOf) {
  const pages = ids.map((id) => ({ id, ...wordPageScore(truthOf(id), predictionOf(id)) }));
  return meanWordScores(pages);
}

/** The means of per-page word scores ({precision, recall, f1} each). */
export function meanWordScores(pages) {
  return {
    pages,
    n: pages.length,
    precision: mean(pages.map((p) => p.precision)),
    recall: mean(pages.map((p) => p.recall)),
    f1: mean(pages.map((p) => p.f1)),
  };
}

/** Lower-cased, whitespace runs collapsed to one space, ends trimmed. */
export function normalizeForSnippets(text) {
  return (text || '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Share of `snippets` found in `prediction` (both lower-cased and
 * whitespace-normalised), or null when there is no (non-blank) snippet.
 */
export function snippetRate(snippets, prediction) {
  const list = (Array.isArray(snippets) ? snippets : []).map(normalizeForSnippets).filter(Boolean);
  if (!list.length) return null;
  const text = normalizeForSnippets(prediction);
  return list.filter((s) => text.includes(s)).length / list.length;
}

/**
 * `with` and `without` rates over the ids given: per page and the means over
 * the pages that have snippets of that kind (rate null, n 0 when none has).
 * @param {string[]} ids
 * @param {(id: string) => {with?: string[], without?: string[]}} truthOf
 * @param {(id: string) => string} predictionOf
 */
export function evaluateSnippets(ids, truthOf, predictionOf) {
  const pages = ids.map((id) => {
    const t = truthOf(id);
    const p = predictionOf(id);
    return { id, with: snippetRate(t.with, p), without: snippetRate(t.without, p) };
  });
  const rate = (k) => {
    const v = pages.map((p) => p[k]).filter((x) => x !== null);
    return { rate: v.length ? mean(v) : null, n: v.length };
  };
  return { pages, with: rate('with'), without: rate('without') };
}

/** Pith's page kinds (`extraction.pageType.kind`), in the order tables list them. */
export const PAGE_KINDS = ['article', 'service', 'product', 'collection', 'forum', 'listing', 'documentation', 'notReaderable'];

/** The column of a page with no predicted type. */
export const NO_TYPE = '(none)';

/**
 * A confusion matrix of predicted against labelled types.
 * @param {Array<[string, string|null|undefined]>} pairs [label, predicted] per page
 * @returns {{rows: string[], cols: string[], counts: Object<string, Object<string, number>>, n: number, correct: number, accuracy: number|null}}
 *   rows: labels seen; cols: PAGE_KINDS, then other predicted values, then
 *   NO_TYPE if a prediction was missing; counts[label][predicted]. A missing
 *   prediction counts as wrong.
 */
export function confusionMatrix(pairs) {
  const order = (seen) => [...PAGE_KINDS.filter((k) => seen.has(k)), ...[...seen].filter((k) => !PAGE_KINDS.includes(k) && k !== NO_TYPE).sort(), ...(seen.has(NO_TYPE) ? [NO_TYPE] : [])];
  const labels = new Set();
  const preds = new Set(PAGE_KINDS);
  const countsOf = {};
  let correct = 0;
  for (const [label, predicted] of pairs) {
    const p = typeof predicted === 'string' && predicted ? predicted : NO_TYPE;
    labels.add(label);
    preds.add(p);
    countsOf[label] ??= {};
    countsOf[label][p] = (countsOf[label][p] || 0) + 1;
    if (p === label) correct++;
  }
  const rows = order(labels);
  const cols = order(preds);
  const matrix = {};
  for (const r of rows) matrix[r] = Object.fromEntries(cols.map((c) => [c, countsOf[r]?.[c] || 0]));
  return { rows, cols, counts: matrix, n: pairs.length, correct, accuracy: pairs.length ? correct / pairs.length : null };
}

/**
 * The `q` quantile (0..1) of the finite values of `xs`, interpolated
 * between neighbours; NaN when there are none.
 */
export function quantile(xs, q) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
