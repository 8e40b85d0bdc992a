// Pins the scoring method (../shared/datasets/README.md) with hand-made cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  tokenize, shingles, pageCounts, pagePrecision, pageRecall, evaluate, sameTokens,
  wordTokens, wordPageScore, evaluateWords, normalizeForSnippets, snippetRate, evaluateSnippets,
  confusionMatrix, PAGE_KINDS, NO_TYPE,
} from './score.mjs';

const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-12, `${a} != ${b}`);

test('tokens are Unicode \\w runs, case kept', () => {
  assert.deepEqual(tokenize("Ça va? It's 2024—fine_ok"), ['Ça', 'va', 'It', 's', '2024', 'fine_ok']);
  assert.deepEqual(tokenize('信息 抽取'), ['信息', '抽取']);
});

test('identical texts score 1', () => {
  const t = 'one two three four five six';
  const c = pageCounts(t, t);
  assert.deepEqual(c, { tp: 1, fp: 0, fn: 0 });
  const r = evaluate(['a'], () => t, () => t);
  assert.equal(r.precision, 1);
  assert.equal(r.recall, 1);
  assert.equal(r.f1, 1);
  assert.equal(r.accuracy, 1);
});

test('disjoint texts score 0', () => {
  const c = pageCounts('one two three four five', 'six seven eight nine ten');
  // 2 truth shingles missed, 2 predicted shingles wrong, normalised by 4.
  assert.deepEqual(c, { tp: 0, fp: 0.5, fn: 0.5 });
  const r = evaluate(['a'], () => 'one two three four five', () => 'six seven eight nine ten');
  assert.equal(r.f1, 0);
  assert.equal(r.accuracy, 0);
});

test('a text of under 4 tokens is one shingle', () => {
  assert.deepEqual([...shingles('hello big world')], [['hello big world', 1]]);
  assert.deepEqual(pageCounts('hello big world', 'hello big world'), { tp: 1, fp: 0, fn: 0 });
  // Any difference makes it a different shingle.
  assert.deepEqual(pageCounts('hello big world', 'hello world'), { tp: 0, fp: 0.5, fn: 0.5 });
});

test('partial overlap: shingles are a multiset', () => {
  // truth: a b c d e → {abcd, bcde}; prediction: a b c d → {abcd}
  const c = pageCounts('a b c d e', 'a b c d');
  close(c.tp, 1 / 2);
  close(c.fn, 1 / 2);
  assert.equal(pagePrecision(c), 1);
  close(pageRecall(c), 0.5);
  // Repeats count: truth has "x x x x" once, prediction twice.
  const rep = pageCounts('x x x x', 'x x x x x');
  close(rep.tp, 1 / 2);
  close(rep.fp, 1 / 2);
});

test('empty truth: no recall term; a non-empty prediction has precision 0', () => {
  const c = pageCounts('', 'some words were predicted here');
  assert.deepEqual(c, { tp: 0, fp: 1, fn: 0 });
  assert.equal(pagePrecision(c), 0);
  assert.equal(pageRecall(c), null);
  // Both empty: FP = FN = 0 counts 1 for both.
  const both = pageCounts('', '');
  assert.equal(pagePrecision(both), 1);
  assert.equal(pageRecall(both), 1);
  assert.ok(sameTokens('', '  '));
});

test('empty prediction: no precision term; recall 0', () => {
  const c = pageCounts('the truth has words here', '');
  assert.deepEqual(c, { tp: 0, fp: 0, fn: 1 });
  assert.equal(pagePrecision(c), null);
  assert.equal(pageRecall(c), 0);
  // Averages skip the missing precision term, as the method says.
  const r = evaluate(['a', 'b'], (id) => (id === 'a' ? 'one two three four' : 'five six seven eight'),
    (id) => (id === 'a' ? 'one two three four' : ''));
  assert.equal(r.precision, 1);
  assert.equal(r.recall, 0.5);
  close(r.f1, 2 / 3);
});

// WCXB's method: word F1, snippets, page types.

test('word tokens: \\w runs of the lower-cased text', () => {
  assert.deepEqual(wordTokens("Ça VA? It's 2024—Fine_OK"), ['ça', 'va', 'it', 's', '2024', 'fine_ok']);
  assert.deepEqual(wordTokens(''), []);
  assert.deepEqual(wordTokens(undefined), []);
});

test('word F1: case is folded', () => {
  const s = wordPageScore('The Quick Brown Fox', 'the QUICK brown fox');
  assert.equal(s.precision, 1);
  assert.equal(s.recall, 1);
  assert.equal(s.f1, 1);
});

test('word F1: tokens are a multiset, order ignored', () => {
  // truth: the ×2, cat; prediction: the ×3, cat, dog → overlap = min(2,3) + 1 = 3.
  const s = wordPageScore('the cat the', 'the the the cat dog');
  assert.equal(s.overlap, 3);
  close(s.precision, 3 / 5);
  close(s.recall, 3 / 3);
  close(s.f1, (2 * 0.6 * 1) / 1.6);
  // Order does not matter (unlike shingles).
  assert.equal(wordPageScore('a b c d', 'd c b a').f1, 1);
});

test('word F1: an empty truth scores 1 only for an empty prediction', () => {
  assert.deepEqual(
    (({ precision, recall, f1 }) => ({ precision, recall, f1 }))(wordPageScore('', '')),
    { precision: 1, recall: 1, f1: 1 });
  // Punctuation only is no token: still empty.
  assert.equal(wordPageScore(' — ', '').f1, 1);
  const s = wordPageScore('', 'some predicted words');
  assert.deepEqual([s.precision, s.recall, s.f1], [0, 0, 0]);
});

test('word F1: an empty prediction scores 0', () => {
  const s = wordPageScore('the truth has words', '');
  assert.deepEqual([s.precision, s.recall, s.f1], [0, 0, 0]);
  assert.equal(wordPageScore('the truth', '  ...  ').f1, 0);
});

test('word F1 of a set: means over pages, F1 the mean of per-page F1s', () => {
  const truth = { a: 'one two three four', b: 'five six', c: 'seven' };
  const pred = { a: 'one two', b: 'five six seven eight nine ten', c: '' };
  const r = evaluateWords(['a', 'b', 'c'], (id) => truth[id], (id) => pred[id]);
  // a: P 1, R 1/2, F1 2/3; b: P 1/3, R 1, F1 1/2; c: 0, 0, 0.
  close(r.precision, (1 + 1 / 3 + 0) / 3);
  close(r.recall, (0.5 + 1 + 0) / 3);
  close(r.f1, (2 / 3 + 1 / 2 + 0) / 3);
  // …which is not the harmonic mean of the mean P and the mean R.
  const hm = (2 * r.precision * r.recall) / (r.precision + r.recall);
  assert.ok(Math.abs(r.f1 - hm) > 0.05);
  assert.equal(r.pages.length, 3);
  assert.equal(r.n, 3);
  assert.deepEqual(r.pages.map((p) => p.id), ['a', 'b', 'c']);
});

test('snippets: lower-cased, whitespace-normalised substring test', () => {
  assert.equal(normalizeForSnippets('  Hello\n\t  World  '), 'hello world');
  const pred = 'First block ends here.\nSecond  Block\tstarts here.';
  assert.equal(snippetRate(['first BLOCK', 'here. second block', 'missing'], pred), 2 / 3);
  assert.equal(snippetRate(['  Ends\nHere. '], pred), 1);
  assert.equal(snippetRate([], pred), null);
  assert.equal(snippetRate(undefined, pred), null);
  assert.equal(snippetRate(['  '], pred), null);
  assert.equal(snippetRate(['anything'], ''), 0);
});

test('snippet rates of a set: means over the pages that have snippets', () => {
  const truth = {
    a: { with: ['alpha', 'beta'], without: ['menu'] },
    b: { with: ['gamma'], without: [] },
    c: { with: [], without: ['login', 'footer'] },
  };
  const pred = { a: 'Alpha text and a MENU', b: 'nothing', c: 'footer' };
  const r = evaluateSnippets(['a', 'b', 'c'], (id) => truth[id], (id) => pred[id]);
  // with: a 1/2, b 0 (c has none) → 1/4; without: a 1, c 1/2 (b has none) → 3/4.
  assert.deepEqual(r.with, { rate: 0.25, n: 2 });
  assert.deepEqual(r.without, { rate: 0.75, n: 2 });
  assert.deepEqual(r.pages.find((p) => p.id === 'b'), { id: 'b', with: 0, without: null });
  const none = evaluateSnippets(['b'], () => ({}), () => 'x');
  assert.deepEqual(none.with, { rate: null, n: 0 });
});

test('confusion matrix: labels against predictions, missing predictions counted wrong', () => {
  const m = confusionMatrix([
    ['article', 'article'], ['article', 'article'], ['article', 'forum'],
    ['forum', 'forum'], ['forum', null], ['product', 'article'], ['product', 'weird'],
  ]);
  assert.deepEqual(m.rows, ['article', 'product', 'forum']);
  // Every known kind is a column, then unknown values, then the missing ones.
  assert.deepEqual(m.cols, [...PAGE_KINDS, 'weird', NO_TYPE]);
  assert.equal(m.counts.article.article, 2);
  assert.equal(m.counts.article.forum, 1);
  assert.equal(m.counts.forum[NO_TYPE], 1);
  assert.equal(m.counts.product.weird, 1);
  assert.equal(m.counts.product.service, 0);
  assert.equal(m.n, 7);
  assert.equal(m.correct, 3);
  close(m.accuracy, 3 / 7);
  // Row sums are the label counts.
  for (const [r, n] of [['article', 3], ['forum', 2], ['product', 2]]) {
    assert.equal(Object.values(m.counts[r]).reduce((a, b) => a + b, 0), n);
  }
  assert.equal(confusionMatrix([]).accuracy, null);
});
