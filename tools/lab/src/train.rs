//! Training the decision's models, with held-out figures.
//!
//! Two models, stacked: the page type classifier (one forest per kind,
//! one-vs-rest) and the leaf classifier, which reads the page type's
//! probabilities among its features.
//!
//! 1. Pages are split into folds by group (wcxb-dev by registrable domain;
//!    the other sets by site).
//! 2. Page type: for each fold, forests are trained on the other folds'
//!    labelled pages and classify the fold's pages (out-of-fold).
//! 3. Leaves: every page is analysed with its fold's page-type forests and
//!    each leaf becomes a row: the decision's feature vector, its label
//!    (most of its tokens align with the truth, see [`crate::labels`]) and
//!    a weight (its share of the page's words, so that each page counts
//!    alike, as the per-page metric does). For each fold a leaf forest is
//!    trained on the other folds, and the fold's pages are extracted with
//!    both fold models through the core's own `extract_with`: the figures
//!    reported are these held-out ones.
//! 4. The final models are trained on every page and written as Rust
//!    source (`src/decision/model.rs`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use pith::cues::words;
use pith::decision::features::features;
use pith::decision::forest::Forest;
use pith::extract::{analyse, extract_with, Models, Options};
use pith::page_type::{self, KINDS};
use pith::papers::Context;

use crate::data::{par_map, DataSet};
use crate::gbdt::{self, Data, Model, Params};
use crate::labels;
use crate::score;

/// A leaf is labelled content when at least this share of its tokens align
/// with the truth. Held out (`pith-lab train --seed S`, seeds 1–3, means,
/// 2026-11-27), 0.3 / 0.4 / 0.5: readability shingle F1 0.966 / 0.967 /
/// 0.966, cleanportaleval shingle F1 0.937 / 0.938 / 0.933 (0.4 above 0.5
/// at each seed), wcxb-dev word F1 0.874 / 0.874 / 0.874; 0.45 0.965 /
/// 0.938 / 0.873; 0.6 at seed 1 0.967 / 0.931 / 0.874 (tests/eval/EVAL.md).
/// A leaf partly the truth's (a byline with its date, a paragraph with a
/// sign-up line) is more often content than not.
pub const LABEL_SHARE: f32 = 0.4;

/// Page-type forests' parameters: small, the classifier sees one row per
/// page. Larger forests classify better held out (`pith-lab types
/// wcxb-dev`, 2026-11-23, mean of seeds 1–3 by `TYPE_SEED`: 40 trees of
/// depth 2 0.861; 80 of depth 3 0.872; 120 of depth 3 0.875; 160 of depth
/// 4 0.876). 80 of depth 3 is the largest whose shipped model passes the
/// generated pages (`tools/lab/src/synthetic.rs`): `train` on 2026-11-23
/// gave page type 0.864 → 0.870, wcxb-dev 0.867 → 0.869, cleanportaleval
/// 0.931 → 0.934, for 16 KB of wasm; the shipped model trained with 120
/// of depth 3 kept 18 navigation links of the 200,000-element generated
/// page with distinct menus (`pith-lab synthetic shipped`).
pub fn type_params() -> Params {
    let env = |k: &str, d: f64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    Params {
        trees: env("TYPE_TREES", 80.0) as usize,
        depth: env("TYPE_DEPTH", 3.0) as usize,
        learning_rate: env("TYPE_LR", 0.15) as f32,
        subsample: 0.8,
        colsample: 0.8,
        min_child_weight: env("TYPE_MCW", 1.0),
        seed: env("TYPE_SEED", 1.0) as u64,
        ..Params::default()
    }
}

/// One page, as the trainer sees it.
pub struct PageRef {
    pub set: usize,
    pub id: String,
    pub fold: u64,
    pub kind: Option<usize>,
}

pub fn pages(sets: &[DataSet], folds: u64) -> Vec<PageRef> {
    let mut out = Vec::new();
    for (si, ds) in sets.iter().enumerate() {
        for (id, t) in &ds.truth {
            if t.article_body.is_none() {
                continue;
            }
            let kind = t.page_type.as_deref().and_then(|k| KINDS.iter().position(|x| x.name() == k));
            out.push(PageRef { set: si, id: id.clone(), fold: ds.fold(id, folds), kind });
        }
    }
    out
}

/// The empty page-type forests (every kind at 1/7).
pub fn no_types() -> [Forest; 7] {
    const EMPTY: Forest = Forest { features: &[], depth: 0, feature: &[], threshold: &[], leaf: &[], bias: 0.0 };
    [EMPTY; 7]
}

/// Page-type feature rows of every page (the table does not depend on the
/// page-type model).
pub fn type_rows(sets: &[DataSet], pages: &[PageRef]) -> (Vec<String>, Vec<Option<Vec<f32>>>) {
    let empty = no_types();
    let models = Models { page_type: &empty, page_words: &[], ..Models::default() };
    let rows = par_map(pages, |p| {
        let page = sets[p.set].page(&p.id)?;
        let (seg, table, _) = analyse(&page, &models);
        let cx = Context::new(&page, &seg);
        Some((page_type::feature_names(&table), page_type::features(&cx, &table)))
    });
    let names = rows.iter().flatten().next().map(|r| r.0.clone()).unwrap_or_default();
    (names, rows.into_iter().map(|r| r.map(|r| r.1)).collect())
}

/// Trains the seven one-vs-rest page-type forests on `rows` (page indices).
pub fn train_types(names: &[String], rows: &[Option<Vec<f32>>], pages: &[PageRef], use_page: &dyn Fn(usize) -> bool) -> [Forest; 7] {
    let params = type_params();
    let mut forests: Vec<Forest> = Vec::new();
    for k in 0..KINDS.len() {
        let mut d = Data { cols: names.len(), x: Vec::new(), y: Vec::new(), w: Vec::new() };
        for (i, p) in pages.iter().enumerate() {
            let (Some(kind), Some(x)) = (p.kind, &rows[i]) else { continue };
            if !use_page(i) {
                continue;
            }
            d.x.extend_from_slice(x);
            d.y.push(if kind == k { 1.0 } else { 0.0 });
            d.w.push(1.0);
        }
        forests.push(as_forest(&gbdt::train(&d, &params), names));
    }
    forests.try_into().unwrap_or_else(|_| unreachable!())
}

/// The page-words cue's regression (`cues::words`): its L2 penalty, per
/// update of a weight (each page's step shrinks the weights of the buckets
/// it has by this share of them). It keeps a word seen on a few pages
/// light, and a bucket no training page had stays at 0 (naive Bayes with
/// Laplace smoothing gave such words +2.6 log-odds for the smallest types,
/// and the readability set's made-up test address made 34 of its pages
/// listings, 2026-11-23). Held out (`pith-lab types`, type seeds 1–3,
/// pages typed right, mean; weights in units of 1/64): 0.001 1,301.7;
/// 0.003 1,307.3; 0.01 1,308.0; 0.03 1,312.0; 0.1 1,317.3; 0.2 1,321.3;
/// 0.3 1,316.6 (seeds 1–5); 0.4 1,319.3; 1 1,309.0; naive Bayes 1,310.0
/// (2026-11-27; chosen on the same folds it is reported on: one constant,
/// 0.1 to 0.4 all above naive Bayes).
pub const WORDS_L2: f32 = 0.2;

/// The page-words cue's regression: a bucket seen on fewer training pages
/// than this has no weight (its weight is learned, then dropped). A word of
/// a few pages is an accident of those pages: the regression learned the
/// placeholder Latin of a few listings' templates, and typed the
/// readability set's lorem-ipsum test pages listings, whose repeated
/// paragraphs a listing's rule then drops (`decision::repeated_leaves`,
/// word F1 0.99 → 0.84 on four of them). Held out, type seeds 1–5, pages
/// typed right (mean): none 1,325.0; 2 1,320.2; 3 1,317.6; 5 1,318.8; 10
/// 1,322.6; 20 1,317.2; 40 1,305.6; trained only on the buckets of 10
/// pages or more 1,321.0. With 10, `pith-lab train` at trainer seeds 1–3
/// (means): readability shingle F1 0.964 → 0.967, cleanportaleval 0.940 →
/// 0.937, wcxb-dev word F1 0.8747 → 0.8753 (2026-11-27).
pub const WORDS_MIN_PAGES: usize = 10;

/// The regression's passes over the training pages (each in a new
/// order); 20 typed 1,315.2 pages right on average over type seeds 1–5
/// against 1,320.2 at 12 (units of 1/64).
pub const WORDS_EPOCHS: usize = 12;

/// The regression's step at its first pass, divided by the pass number
/// after (1, 2, …); 0.2 typed 1,307.7 pages right (type seeds 1–3)
/// against 1,317.3 at 0.05 (both with an L2 of 0.1).
pub const WORDS_RATE: f32 = 0.05;

/// The page-words cue's training (`cues::words`): every page's buckets,
/// and per fold the weights learned without it.
pub struct PageWords<'p> {
    pages: &'p [PageRef],
    tokens: Vec<Option<words::Tokens>>,
    /// `per_fold[k]`: learned on every labelled page outside fold `k`.
    per_fold: Vec<Vec<i8>>,
    /// `inner[k][j]`: learned outside folds `k` and `j`.
    inner: Vec<Vec<Vec<i8>>>,
}

impl<'p> PageWords<'p> {
    pub fn new(sets: &[DataSet], pages: &'p [PageRef], folds: u64) -> PageWords<'p> {
        let tokens = par_map(pages, |p| {
            let page = sets[p.set].page(&p.id)?;
            let seg = pith::segment::segment(&page);
            Some(words::tokens(&Context::new(&page, &seg)))
        });
        let mut me = PageWords { pages, tokens, per_fold: Vec::new(), inner: Vec::new() };
        me.per_fold = (0..folds).map(|k| me.train(&|p| p.fold != k)).collect();
        me.inner =
            (0..folds).map(|k| (0..folds).map(|j| me.train(&|p| p.fold != k && p.fold != j)).collect()).collect();
        me
    }

    /// Weights learned on every labelled page.
    pub fn all(&self) -> Vec<i8> {
        self.train(&|_| true)
    }

    /// Fold `k`'s weights (learned without its pages).
    pub fn fold(&self, k: u64) -> &[i8] {
        &self.per_fold[k as usize]
    }

    /// One logistic regression per page type, that type against the
    /// rest, over each page's buckets (each 0 or 1, the address and the
    /// text in one model), by stochastic gradient descent
    /// ([`WORDS_EPOCHS`], [`WORDS_RATE`], [`WORDS_L2`]); the weights in
    /// units of `words::WEIGHT_UNIT`, none for rare buckets
    /// ([`WORDS_MIN_PAGES`]).
    fn train(&self, use_page: &dyn Fn(&PageRef) -> bool) -> Vec<i8> {
        let (kinds, buckets) = (KINDS.len(), words::BUCKETS);
        let rows: Vec<(usize, Vec<u16>)> = self
            .pages
            .iter()
            .zip(&self.tokens)
            .filter_map(|(p, t)| {
                let (Some(kind), Some(t)) = (p.kind, t) else { return None };
                use_page(p).then(|| (kind, t.address.iter().chain(&t.text).copied().collect()))
            })
            .collect();
        let per_kind: Vec<Vec<f32>> = par_map(&(0..kinds).collect::<Vec<_>>(), |&k| {
            let (mut w, mut bias) = (vec![0f32; buckets], 0f32);
            let mut order: Vec<usize> = (0..rows.len()).collect();
            // A fixed shuffle per type (a 64-bit LCG, Knuth's MMIX constants).
            let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ k as u64;
            for epoch in 0..WORDS_EPOCHS {
                for i in (1..order.len()).rev() {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    order.swap(i, (state >> 33) as usize % (i + 1));
                }
                let rate = WORDS_RATE / (1 + epoch) as f32;
                for &r in &order {
                    let (kind, b) = &rows[r];
                    let z = bias + b.iter().map(|&i| w[i as usize]).sum::<f32>();
                    let g = 1.0 / (1.0 + (-z).exp()) - if *kind == k { 1.0 } else { 0.0 };
                    bias -= rate * g;
                    for &i in b {
                        let wi = &mut w[i as usize];
                        *wi -= rate * (g + WORDS_L2 * *wi);
                    }
                }
            }
            w
        });
        // Buckets of fewer than WORDS_MIN_PAGES training pages get none.
        let mut pages_with = vec![0usize; buckets];
        for (_, b) in &rows {
            for &i in b {
                pages_with[i as usize] += 1;
            }
        }
        per_kind
            .iter()
            .flat_map(|w| w.iter().enumerate())
            .map(|(i, &x)| {
                let weighed = pages_with[i] >= WORDS_MIN_PAGES;
                if weighed { (x / words::WEIGHT_UNIT).round().clamp(-127.0, 127.0) as i8 } else { 0 }
            })
            .collect()
    }

    /// `base` (rows without the cue) with the cue's features under
    /// `weights_of(page index)`.
    fn rows_with<'w>(
        &'w self,
        names: &[String],
        base: &[Option<Vec<f32>>],
        weights_of: impl Fn(usize) -> &'w [i8],
    ) -> Vec<Option<Vec<f32>>> {
        let at: Vec<Option<usize>> = words::COLUMNS.iter().map(|c| names.iter().position(|n| n == c.key)).collect();
        base.iter()
            .zip(&self.tokens)
            .enumerate()
            .map(|(i, (row, t))| {
                let (mut row, t) = (row.clone()?, t.as_ref()?);
                for (j, v) in at.iter().zip(words::features(t, weights_of(i))) {
                    if let Some(j) = j {
                        row[*j] = v;
                    }
                }
                Some(row)
            })
            .collect()
    }

    /// Page-type rows for fold `k`'s forests: its own pages read fold
    /// `k`'s weights; every other page weights that saw neither fold `k`
    /// nor the page's own fold, so the forests learn on features as
    /// unseen as those they are measured on.
    pub fn rows_for(&self, k: u64, names: &[String], base: &[Option<Vec<f32>>]) -> Vec<Option<Vec<f32>>> {
        self.rows_with(names, base, |i| {
            let f = self.pages[i].fold;
            if f == k { &self.per_fold[k as usize] } else { &self.inner[k as usize][f as usize] }
        })
    }

    /// Page-type rows for the shipped forests: each page reads the weights
    /// of its own fold (learned without it).
    pub fn rows_out_of_fold(&self, names: &[String], base: &[Option<Vec<f32>>]) -> Vec<Option<Vec<f32>>> {
        self.rows_with(names, base, |i| &self.per_fold[self.pages[i].fold as usize])
    }
}

/// One page's leaves for the vocabulary cue: their token buckets and labels.
pub struct VocabPage {
    pub buckets: Vec<Vec<u16>>,
    /// The names cue's buckets per leaf (`cues::names`).
    pub names: Vec<Vec<u16>>,
    pub y: Vec<f32>,
}

/// Every page's leaves with their labels (segmentation and alignment only).
pub fn vocab_pages(sets: &[DataSet], pages: &[PageRef]) -> Vec<Option<VocabPage>> {
    par_map(pages, |p| {
        let ds = &sets[p.set];
        let truth = ds.truth[&p.id].article_body.as_deref()?;
        let page = ds.page(&p.id)?;
        let seg = pith::segment::segment(&page);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text(&page)).collect();
        let shares = labels::leaf_shares(&texts, truth);
        Some(VocabPage {
            buckets: seg.leaves.iter().map(|l| pith::cues::vocabulary::buckets(l.text(&page))).collect(),
            names: pith::cues::names::buckets(&page, &seg),
            y: shares.iter().map(|&s| if s >= LABEL_SHARE { 1.0 } else { 0.0 }).collect(),
        })
    })
}

/// L2 penalty of the vocabulary's logistic regression (per leaf step).
const VOCAB_L2: f32 = 1e-5;
/// Adagrad's step size and epochs for the vocabulary.
const VOCAB_STEP: f32 = 0.2;
const VOCAB_EPOCHS: usize = 4;

/// Trains the vocabulary cue's bucket weights: logistic regression over
/// the leaves of the pages `use_page` admits (each leaf counts once;
/// the score is Σw/√n as the cue computes it), by Adagrad; quantised to
/// the shipped one-byte units.
pub fn train_vocab(rows: &[Option<VocabPage>], use_page: &dyn Fn(usize) -> bool) -> Vec<i8> {
    train_buckets(rows, use_page, |p| &p.buckets, pith::cues::vocabulary::BUCKETS)
}

/// Trains the names cue's bucket weights (`cues::names`), as the
/// vocabulary's.
pub fn train_names(rows: &[Option<VocabPage>], use_page: &dyn Fn(usize) -> bool) -> Vec<i8> {
    train_buckets(rows, use_page, |p| &p.names, pith::cues::names::BUCKETS)
}

/// Logistic regression over the buckets `of` each leaf (Σw/√n), by Adagrad;
/// quantised to one-byte units of `WEIGHT_UNIT`.
fn train_buckets(
    rows: &[Option<VocabPage>],
    use_page: &dyn Fn(usize) -> bool,
    of: impl Fn(&VocabPage) -> &Vec<Vec<u16>>,
    n: usize,
) -> Vec<i8> {
    use pith::cues::vocabulary::WEIGHT_UNIT;
    let mut w = vec![0f32; n];
    let mut g2 = vec![1e-6f32; n];
    let mut bias = 0f32;
    let mut bg2 = 1e-6f32;
    for _ in 0..VOCAB_EPOCHS {
        for (i, page) in rows.iter().enumerate() {
            let Some(page) = page else { continue };
            if !use_page(i) {
                continue;
            }
            for (b, &y) in of(page).iter().zip(&page.y) {
                if b.is_empty() {
                    continue;
                }
                let scale = 1.0 / (b.len() as f32).sqrt();
                let z = bias + scale * b.iter().map(|&k| w[k as usize]).sum::<f32>();
                let p = 1.0 / (1.0 + (-z).exp());
                let g = p - y;
                bg2 += g * g;
                bias -= VOCAB_STEP * g / bg2.sqrt();
                for &k in b {
                    let k = k as usize;
                    let gk = g * scale + VOCAB_L2 * w[k];
                    g2[k] += gk * gk;
                    w[k] -= VOCAB_STEP * gk / g2[k].sqrt();
                }
            }
        }
    }
    w.iter().map(|&x| (x / WEIGHT_UNIT).round().clamp(-127.0, 127.0) as i8).collect()
}

/// What a fold learned before the leaf forests: the vocabulary's weights
/// and the page-type forests.
pub struct Learned {
    pub vocabulary: &'static [i8],
    pub names: &'static [i8],
    pub page_words: &'static [i8],
    pub types: [Forest; 7],
}

impl Learned {
    pub fn models(&self) -> Models<'_> {
        Models {
            vocabulary: self.vocabulary,
            names: self.names,
            page_words: self.page_words,
            page_type: &self.types,
            ..Models::default()
        }
    }
}

/// One page's leaf rows.
pub struct PageRows {
    pub page: usize,
    pub x: Vec<f32>,
    pub y: Vec<f32>,
    pub w: Vec<f32>,
}

/// Leaf rows of every page, each analysed with the page-type forests of
/// its fold (`type_models[fold]`).
pub fn leaf_rows(sets: &[DataSet], pages: &[PageRef], learned: &[Learned]) -> (Vec<String>, Vec<PageRows>) {
    let idx: Vec<usize> = (0..pages.len()).collect();
    let rows = par_map(&idx, |&i| {
        let p = &pages[i];
        let ds = &sets[p.set];
        let truth = ds.truth[&p.id].article_body.as_deref()?;
        let page = ds.page(&p.id)?;
        let models = learned[p.fold as usize].models();
        let (seg, table, _) = analyse(&page, &models);
        let cx = Context::new(&page, &seg);
        let mut f = features(&cx, &table);
        drop_features(&f.names, &mut f.values);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text(&page)).collect();
        let shares = labels::leaf_shares(&texts, truth);
        let total: f32 = seg.leaves.iter().map(|l| l.words as f32 + 1.0).sum();
        let y = shares.iter().map(|&s| if s >= LABEL_SHARE { 1.0 } else { 0.0 }).collect();
        let w = seg.leaves.iter().map(|l| (l.words as f32 + 1.0) / total).collect();
        Some((f.names, PageRows { page: i, x: f.values, y, w }))
    });
    let mut names: Option<Vec<String>> = None;
    let mut out = Vec::new();
    for (n, r) in rows.into_iter().flatten() {
        match &names {
            None => names = Some(n),
            Some(have) => assert_eq!(have, &n, "every page has the same features"),
        }
        out.push(r);
    }
    (names.unwrap_or_default(), out)
}

/// `LAB_DROP=PREFIX,…` (an ablation): the leaf rows' columns whose names
/// start with one of the prefixes, all NaN, so that no forest splits on
/// them (`tests/eval/EVAL.md`, session 22).
pub fn drop_features(names: &[String], values: &mut [f32]) {
    if let Ok(spec) = std::env::var("LAB_DROP") {
        drop_columns(&spec, names, values);
    }
}

/// [`drop_features`] with the prefixes given (`spec`, comma-separated):
/// `values` holds rows of `names.len()` values.
fn drop_columns(spec: &str, names: &[String], values: &mut [f32]) {
    let prefixes: Vec<&str> = spec.split(',').filter(|p| !p.is_empty()).collect();
    let dropped: Vec<usize> = (0..names.len()).filter(|&i| prefixes.iter().any(|p| names[i].starts_with(p))).collect();
    if dropped.is_empty() {
        return;
    }
    for row in values.chunks_mut(names.len()) {
        for &i in &dropped {
            row[i] = f32::NAN;
        }
    }
}

pub fn data_of<'a>(rows: impl Iterator<Item = &'a PageRows>, cols: usize) -> Data {
    let mut d = Data { cols, x: Vec::new(), y: Vec::new(), w: Vec::new() };
    for p in rows {
        d.x.extend_from_slice(&p.x);
        d.y.extend_from_slice(&p.y);
        d.w.extend_from_slice(&p.w);
    }
    d
}

/// A model as the core's `Forest`, leaked to 'static (the lab lives as long
/// as it runs).
pub fn as_forest(m: &Model, names: &[String]) -> Forest {
    let names: Vec<&'static str> = names.iter().map(|n| &*Box::leak(n.clone().into_boxed_str())).collect();
    let (depth, feature, threshold, leaf) = complete(m);
    Forest {
        features: Box::leak(names.into_boxed_slice()),
        depth,
        feature: Box::leak(feature.into_boxed_slice()),
        threshold: Box::leak(threshold.into_boxed_slice()),
        leaf: Box::leak(leaf.into_boxed_slice()),
        bias: m.bias,
    }
}

/// The trainer's trees (depth first, a node's right child at an offset)
/// as the core's complete trees (`pith::decision::forest`): (depth, split
/// features, split thresholds, leaf values), values in half precision. A
/// leaf above the forest's depth fills its whole subtree: its value in
/// every leaf below, splits on its parent's feature (which decide nothing
/// and add no feature to the forest).
fn complete(m: &Model) -> (u8, Vec<u8>, Vec<u16>, Vec<u16>) {
    use pith::decision::forest::f32_to_f16;
    const LEAF: u8 = u8::MAX;
    fn depth_of(m: &Model, i: usize) -> usize {
        if m.feature[i] == LEAF {
            0
        } else {
            1 + depth_of(m, i + 1).max(depth_of(m, i + m.right[i] as usize))
        }
    }
    struct Out {
        depth: usize,
        splits: usize,
        feature: Vec<u8>,
        threshold: Vec<u16>,
        leaf: Vec<u16>,
    }
    fn fill(m: &Model, o: &mut Out, i: usize, pos: usize, level: usize, up: u8) {
        let (f0, l0) = (o.feature.len() - o.splits, o.leaf.len() - o.splits - 1);
        if level == o.depth {
            o.leaf[l0 + pos - o.splits] = f32_to_f16(m.threshold[i]);
        } else if m.feature[i] == LEAF {
            o.feature[f0 + pos] = up;
            fill(m, o, i, 2 * pos + 1, level + 1, up);
            fill(m, o, i, 2 * pos + 2, level + 1, up);
        } else {
            let f = m.feature[i];
            o.feature[f0 + pos] = f;
            o.threshold[f0 + pos] = f32_to_f16(m.threshold[i]);
            fill(m, o, i + 1, 2 * pos + 1, level + 1, f);
            fill(m, o, i + m.right[i] as usize, 2 * pos + 2, level + 1, f);
        }
    }
    let depth = m.roots.iter().map(|&r| depth_of(m, r as usize)).max().unwrap_or(0);
    let splits = (1usize << depth) - 1;
    let first = m.feature.iter().copied().find(|&f| f != LEAF).unwrap_or(0);
    let mut o = Out { depth, splits, feature: Vec::new(), threshold: Vec::new(), leaf: Vec::new() };
    for &r in &m.roots {
        o.feature.resize(o.feature.len() + splits, first);
        o.threshold.resize(o.threshold.len() + splits, 0);
        o.leaf.resize(o.leaf.len() + splits + 1, 0);
        fill(m, &mut o, r as usize, 0, 0, first);
    }
    (depth as u8, o.feature, o.threshold, o.leaf)
}

/// A held-out page result.
pub struct HeldOut {
    pub set: String,
    pub id: String,
    pub label: Option<String>,
    pub predicted: String,
    pub word: score::WordScore,
    pub shingle: score::ShingleCounts,
}

/// Page `p` extracted with `models` (its fold's) and scored against its truth.
pub fn held_out_page(sets: &[DataSet], p: &PageRef, models: &Models) -> Option<HeldOut> {
    let ds = &sets[p.set];
    let truth = &ds.truth[&p.id];
    let page = ds.page(&p.id)?;
    let ex = extract_with(&page, &Options { scores: false, ..Options::default() }, models).ok()?;
    let body = truth.article_body.as_deref().unwrap_or("");
    // HELD_TEXT=ID[,ID…]: those pages' held-out text on stderr ("*": every page's).
    if std::env::var("HELD_TEXT").is_ok_and(|v| v == "*" || v.split(',').any(|id| id == p.id)) {
        eprintln!("HELD_TEXT {}\n{}\nEND_HELD_TEXT", p.id, ex.text);
    }
    Some(HeldOut {
        set: ds.name.clone(),
        id: p.id.clone(),
        label: truth.page_type.clone(),
        predicted: ex.page_type.kind.name().to_string(),
        word: score::word_score(body, &ex.text),
        shingle: score::shingle_counts(body, &ex.text),
    })
}

/// Where the fold models are kept for inspection (`pith-lab leaves`).
pub fn fold_model_path(k: u64) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../eval-out/lab");
    let _ = std::fs::create_dir_all(&dir);
    dir.join(format!("fold-{k}.json"))
}

/// A saved fold: its leaf models and its page-type models.
#[derive(serde::Serialize, serde::Deserialize)]
struct SavedFold {
    leaf_names: Vec<String>,
    leaf: Model,
    second_names: Vec<String>,
    second: Option<Model>,
    types: Vec<(Vec<String>, Model)>,
    vocabulary: Vec<i8>,
    #[serde(default)]
    page_words: Vec<i8>,
    #[serde(default)]
    names: Vec<i8>,
}

/// The core's complete trees back as the trainer's depth-first ones (every
/// stored split kept): `complete(model_of(f))` is `f`.
fn model_of(f: &Forest) -> (Vec<String>, Model) {
    use pith::decision::forest::f16_to_f32;
    fn emit(f: &Forest, t: usize, pos: usize, level: u8, m: &mut Model) {
        let splits = f.splits();
        if level == f.depth {
            m.feature.push(u8::MAX);
            m.threshold.push(f16_to_f32(f.leaf[t * (splits + 1) + pos - splits]));
            m.right.push(0);
            return;
        }
        let at = m.feature.len();
        m.feature.push(f.feature[t * splits + pos]);
        m.threshold.push(f16_to_f32(f.threshold[t * splits + pos]));
        m.right.push(0);
        emit(f, t, 2 * pos + 1, level + 1, m);
        m.right[at] = (m.feature.len() - at) as u16;
        emit(f, t, 2 * pos + 2, level + 1, m);
    }
    let mut m = Model { bias: f.bias, ..Model::default() };
    for t in 0..f.trees() {
        m.roots.push(m.feature.len() as u32);
        emit(f, t, 0, 0, &mut m);
    }
    (f.features.iter().map(|s| s.to_string()).collect(), m)
}

/// Fold `k`'s models: (first leaf forest, second leaf forest, page-type
/// forests, vocabulary, page words, names).
pub type FoldModels = (Forest, Option<Forest>, [Forest; 7], &'static [i8], &'static [i8], &'static [i8]);

/// The core's models from a fold's, with the decision's `cut`.
pub fn fold_models(fold: &FoldModels, cut: pith::decision::Cut) -> Models<'_> {
    let (first, second, types, vocabulary, page_words, names) = fold;
    let leaf = pith::decision::LeafModel { first, second: second.as_ref(), cut };
    Models { vocabulary, names, page_words, page_type: types, leaf }
}

/// Loads fold `k`'s models.
pub fn load_fold(k: u64) -> Option<FoldModels> {
    let text = std::fs::read_to_string(fold_model_path(k)).ok()?;
    let s: SavedFold = serde_json::from_str(&text).ok()?;
    let types: Vec<Forest> = s.types.iter().map(|(n, m)| as_forest(m, n)).collect();
    let second = s.second.as_ref().map(|m| as_forest(m, &s.second_names));
    let vocabulary: &'static [i8] = Box::leak(s.vocabulary.into_boxed_slice());
    let page_words: &'static [i8] = Box::leak(s.page_words.into_boxed_slice());
    // Folds saved before the names cue: zero weights (the cue scores 0).
    let names = if s.names.is_empty() { vec![0; pith::cues::names::BUCKETS] } else { s.names };
    let names: &'static [i8] = Box::leak(names.into_boxed_slice());
    Some((as_forest(&s.leaf, &s.leaf_names), second, types.try_into().ok()?, vocabulary, page_words, names))
}

/// The probabilities of `forest` (whose features are `rows`' columns in
/// order) on every row of a page.
fn row_probabilities(forest: &Forest, cols: usize, x: &[f32]) -> Vec<f32> {
    let decoded = forest.decode();
    x.chunks(cols).map(|row| decoded.probability(row)).collect()
}

/// Second-stage rows: every page re-analysed, its first-stage features
/// extended with the auto-context of `p1[page]` (out-of-fold).
pub fn second_rows(
    sets: &[DataSet],
    pages: &[PageRef],
    learned: &[Learned],
    rows: &[PageRows],
    p1: &[Vec<f32>],
) -> (Vec<String>, Vec<PageRows>) {
    let idx: Vec<usize> = (0..rows.len()).collect();
    let out = par_map(&idx, |&r| {
        let row = &rows[r];
        let p = &pages[row.page];
        let page = sets[p.set].page(&p.id)?;
        let models = learned[p.fold as usize].models();
        let (seg, table, _) = analyse(&page, &models);
        let cx = Context::new(&page, &seg);
        let f = features(&cx, &table);
        let mut auto = pith::decision::features::auto_context(&cx, &f, &p1[r]);
        drop_features(&auto.names, &mut auto.values);
        Some((auto.names, PageRows { page: row.page, x: auto.values, y: row.y.clone(), w: row.w.clone() }))
    });
    let mut names = Vec::new();
    let mut res = Vec::new();
    for (n, r) in out.into_iter().flatten() {
        names = n;
        res.push(r);
    }
    (names, res)
}

/// Trains both leaf stages per fold (out of fold), saves the fold models,
/// and extracts each fold's pages with its models through the core's own
/// `extract_with`. Returns the held-out results, the out-of-fold
/// first-stage probabilities (per row of `rows`) and the second stage's
/// rows (for the final training).
#[allow(clippy::too_many_arguments)]
pub fn held_out(
    sets: &[DataSet],
    pages: &[PageRef],
    learned: &[Learned],
    names: &[String],
    rows: &[PageRows],
    folds: u64,
    params: &Params,
    second: Option<&Params>,
    cut: pith::decision::Cut,
) -> (Vec<HeldOut>, Option<(Vec<String>, Vec<PageRows>)>) {
    // First stage, out of fold.
    let mut firsts = Vec::new();
    let mut p1: Vec<Vec<f32>> = vec![Vec::new(); rows.len()];
    for k in 0..folds {
        let train = data_of(rows.iter().filter(|r| pages[r.page].fold != k), names.len());
        let model = gbdt::train(&train, params);
        let forest = as_forest(&model, names);
        for (r, row) in rows.iter().enumerate() {
            if pages[row.page].fold == k {
                p1[r] = row_probabilities(&forest, names.len(), &row.x);
            }
        }
        eprintln!("  fold {k} first stage: {} train rows, {} nodes", train.rows(), model.nodes());
        firsts.push((model, forest));
    }
    // Second stage, out of fold, on the out-of-fold first-stage probabilities.
    let mut seconds: Vec<Option<(Model, Forest)>> = (0..folds).map(|_| None).collect();
    let mut second_data = None;
    if let Some(sp) = second {
        let (names2, rows2) = second_rows(sets, pages, learned, rows, &p1);
        for k in 0..folds {
            let train = data_of(rows2.iter().filter(|r| pages[r.page].fold != k), names2.len());
            let model = gbdt::train(&train, sp);
            let forest = as_forest(&model, &names2);
            eprintln!("  fold {k} second stage: {} nodes", model.nodes());
            seconds[k as usize] = Some((model, forest));
        }
        second_data = Some((names2, rows2));
    }
    let mut out = Vec::new();
    for k in 0..folds {
        let (model, forest) = &firsts[k as usize];
        let second = seconds[k as usize].as_ref();
        let saved = SavedFold {
            leaf_names: names.to_vec(),
            leaf: model.clone(),
            second_names: second.map(|s| s.1.features.iter().map(|f| f.to_string()).collect()).unwrap_or_default(),
            second: second.map(|s| s.0.clone()),
            types: learned[k as usize].types.iter().map(model_of).collect(),
            vocabulary: learned[k as usize].vocabulary.to_vec(),
            page_words: learned[k as usize].page_words.to_vec(),
            names: learned[k as usize].names.to_vec(),
        };
        let _ = std::fs::write(fold_model_path(k), serde_json::to_string(&saved).unwrap_or_default());
        let leaf = pith::decision::LeafModel { first: forest, second: second.map(|s| &s.1), cut };
        let fold = &learned[k as usize];
        let models = Models {
            vocabulary: fold.vocabulary,
            names: fold.names,
            page_words: fold.page_words,
            page_type: &fold.types,
            leaf,
        };
        let test: Vec<&PageRef> = pages.iter().filter(|p| p.fold == k).collect();
        let res = par_map(&test, |p| held_out_page(sets, p, &models));
        out.extend(res.into_iter().flatten());
    }
    (out, second_data)
}

/// Writes one forest as a Rust `Forest` expression.
fn forest_source(s: &mut String, m: &Forest, indent: &str) {
    // Only the features the forest uses, renumbered.
    let mut used: BTreeMap<u8, u8> = BTreeMap::new();
    for &f in m.feature {
        let n = used.len() as u8;
        used.entry(f).or_insert(n);
    }
    let mut order: Vec<(u8, u8)> = used.iter().map(|(&a, &b)| (b, a)).collect();
    order.sort();
    let list = |v: Vec<String>| v.join(", ");
    let _ = writeln!(s, "Forest {{");
    let _ = writeln!(s, "{indent}    features: &[{}],", list(order.iter().map(|(_, f)| format!("{:?}", m.features[*f as usize])).collect()));
    let _ = writeln!(s, "{indent}    depth: {},", m.depth);
    let _ = writeln!(s, "{indent}    feature: &[{}],", list(m.feature.iter().map(|f| used[f].to_string()).collect()));
    let _ = writeln!(s, "{indent}    threshold: &[{}],", list(m.threshold.iter().map(|t| format!("{t}")).collect()));
    let _ = writeln!(s, "{indent}    leaf: &[{}],", list(m.leaf.iter().map(|t| format!("{t}")).collect()));
    let _ = writeln!(s, "{indent}    bias: {:?},", m.bias);
    let _ = write!(s, "{indent}}}");
}

/// The models as Rust source.
/// The learned cue weights [`rust_source`] writes.
pub struct CueWeights<'a> {
    pub vocabulary: &'a [i8],
    pub names: &'a [i8],
    pub page_words: &'a [i8],
}

pub fn rust_source(
    weights: &CueWeights,
    leaf: &Forest,
    second: Option<&Forest>,
    types: &[Forest; 7],
    cut: pith::decision::Cut,
    note: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "//! The decision's learned models. Generated by `tools/lab` (`./build.sh train`);");
    let _ = writeln!(s, "//! do not edit by hand.");
    let _ = writeln!(s, "//!");
    for line in note.lines() {
        let _ = writeln!(s, "//! {line}");
    }
    let _ = writeln!(s, "\nuse super::forest::Forest;\n");
    let _ = writeln!(s, "/// The vocabulary cue's weights per token bucket (`cues::vocabulary`), in");
    let _ = writeln!(s, "/// units of `cues::vocabulary::WEIGHT_UNIT`.");
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub static VOCABULARY: [i8; crate::cues::vocabulary::BUCKETS] = [{}];\n", weights.vocabulary.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","));
    let _ = writeln!(s, "/// The names cue's weights per name-word bucket (`cues::names`), in");
    let _ = writeln!(s, "/// units of `cues::vocabulary::WEIGHT_UNIT`.");
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub static NAMES: [i8; crate::cues::names::BUCKETS] = [{}];\n", weights.names.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","));
    let _ = writeln!(s, "/// The page-words cue's weights (`cues::words`): per page type");
    let _ = writeln!(s, "/// (`page_type::KINDS` order), one per bucket, in units of");
    let _ = writeln!(s, "/// `cues::words::WEIGHT_UNIT`.");
    let _ = writeln!(s, "#[rustfmt::skip]");
    let _ = writeln!(s, "pub static PAGE_WORDS: [i8; crate::page_type::KINDS.len() * crate::cues::words::BUCKETS] = [{}];\n", weights.page_words.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","));
    let _ = writeln!(s, "/// Where leaves are cut (see `Cut`).");
    let _ = writeln!(s, "pub const LEAF_CUT: super::Cut = super::Cut {{ threshold: {:?}, floor: {:?} }};\n", cut.threshold, cut.floor);
    let _ = writeln!(s, "/// The page type classifier, one forest per kind (`page_type::KINDS`).");
    let _ = writeln!(s, "pub static PAGE_TYPE_FORESTS: [Forest; 7] = [");
    for f in types {
        let _ = write!(s, "    ");
        forest_source(&mut s, f, "    ");
        let _ = writeln!(s, ",");
    }
    let _ = writeln!(s, "];\n");
    let _ = writeln!(s, "/// The leaf classifier's first stage.");
    let _ = write!(s, "pub static LEAF_FOREST: Forest = ");
    forest_source(&mut s, leaf, "");
    let _ = writeln!(s, ";\n");
    let _ = writeln!(s, "/// The leaf classifier's second stage (auto-context).");
    match second {
        Some(f) => {
            let _ = write!(s, "pub static LEAF_SECOND: Option<&Forest> = Some(&");
            forest_source(&mut s, f, "");
            let _ = writeln!(s, ");");
        }
        None => {
            let _ = writeln!(s, "pub static LEAF_SECOND: Option<&Forest> = None;");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropped_columns_are_nan_in_every_row_and_the_others_kept() {
        let names: Vec<String> = ["density.linkDensity", "markup.nav", "density.textDensity", "ctx.pos"].iter().map(|s| s.to_string()).collect();
        let mut values = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        drop_columns("density.,ctx.", &names, &mut values);
        let nan: Vec<bool> = values.iter().map(|v| v.is_nan()).collect();
        assert_eq!(nan, [true, false, true, true, true, false, true, true]);
        assert_eq!((values[1], values[5]), (2.0, 6.0));
        // No prefix given, or none matching: the rows as they were.
        let mut same = vec![1.0, 2.0, 3.0, 4.0];
        drop_columns("", &names, &mut same);
        drop_columns("vsse.", &names, &mut same);
        assert_eq!(same, [1.0, 2.0, 3.0, 4.0]);
    }

    #[test]
    fn the_page_words_regression_weighs_what_tells_a_type_apart() {
        // 40 pages: 20 forums, each with the word of bucket 7 ("reply"), 20
        // articles without it; every page has bucket 3 (a word all pages
        // share), and one forum has bucket 9, a word of one page.
        let (forum, article) = (4, 0);
        let pages: Vec<PageRef> = (0..40)
            .map(|i| PageRef { set: 0, id: i.to_string(), fold: 0, kind: Some(if i < 20 { forum } else { article }) })
            .collect();
        let tokens = (0..40)
            .map(|i| {
                let mut address = vec![3u16];
                if i < 20 {
                    address.push(7);
                }
                if i == 0 {
                    address.push(9);
                }
                Some(words::Tokens { address, text: Vec::new() })
            })
            .collect();
        let pw = PageWords { pages: &pages, tokens, per_fold: Vec::new(), inner: Vec::new() };
        let w = pw.train(&|_| true);
        let at = |kind: usize, bucket: usize| w[kind * words::BUCKETS + bucket];
        assert!(at(forum, 7) > 0 && at(article, 7) < 0, "{} {}", at(forum, 7), at(article, 7));
        // Bucket 7 separates the two; bucket 3 is on every page.
        assert!(at(forum, 7) > at(forum, 3).abs());
        // A word of fewer than WORDS_MIN_PAGES pages has no weight, nor one
        // no page has; the types that have no page learn only "not me".
        assert_eq!((at(forum, 9), at(forum, 100)), (0, 0));
        assert!(at(1, 7) <= 0 && at(1, 3) < 0);
        // Only the pages admitted are learned from.
        let none = pw.train(&|_| false);
        assert!(none.iter().all(|&x| x == 0));
    }

    /// A depth-first tree with a leaf above the deepest level (x0 < 1 ? 0.5
    /// : (x1 < 2 ? -1 : (x2 < 3 ? 2 : 4))) and a stump (x2 < 0 ? 1 : -2).
    fn model() -> Model {
        const L: u8 = u8::MAX;
        Model {
            roots: vec![0, 7],
            feature: vec![0, L, 1, L, 2, L, L, 2, L, L],
            threshold: vec![1.0, 0.5, 2.0, -1.0, 3.0, 2.0, 4.0, 0.0, 1.0, -2.0],
            right: vec![2, 0, 2, 0, 2, 0, 0, 2, 0, 0],
            bias: 0.25,
        }
    }

    #[test]
    fn complete_trees_score_as_the_trainers_and_round_trip() {
        let m = model();
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let f = as_forest(&m, &names);
        assert_eq!((f.depth, f.trees(), f.splits()), (3, 2, 7));
        let nan = f32::NAN;
        for x in [[0.0, 0.0, 0.0], [2.0, 1.0, 0.0], [2.0, 5.0, 1.0], [2.0, 5.0, 9.0], [nan, nan, nan], [0.0, nan, -1.0]] {
            assert_eq!(f.margin(&x), m.margin(&x), "{x:?}");
        }
        let (back_names, back) = model_of(&f);
        assert_eq!(back_names, names);
        let again = as_forest(&back, &names);
        assert_eq!((again.feature, again.threshold, again.leaf, again.bias), (f.feature, f.threshold, f.leaf, f.bias));
    }
}
