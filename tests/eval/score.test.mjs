// Pins the scoring method (../shared/datasets/README.md) with hand-made cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize, shingles, pageCounts, pagePrecision, pageRecall, evaluate, sameTokens } from './score.mjs';

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
