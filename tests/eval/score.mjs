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
