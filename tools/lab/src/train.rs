//! Training the decision's leaf classifier, with held-out figures.
//!
//! 1. Every page of the training sets is analysed (the core's pipeline up
//!    to the decision) and each leaf becomes a row: the decision's own
//!    feature vector, its label (most of its tokens align with the truth,
//!    see [`crate::labels`]) and a weight (its share of the page's words,
//!    so that each page counts alike, as the per-page metric does).
//! 2. Pages are split into folds by group (wcxb-dev by registrable domain;
//!    the other sets by site), a forest is trained on all folds but one and
//!    the held-out fold is extracted with it through the core's own
//!    `extract_with`; the figures reported are these held-out ones.
//! 3. A final forest is trained on every page and written as Rust source.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use pith::decision::features::features;
use pith::decision::forest::Forest;
use pith::extract::{analyse, extract_with, Models, Options};
use pith::papers::Context;

use crate::data::{par_map, DataSet};
use crate::gbdt::{self, Data, Model, Params};
use crate::labels;
use crate::score;

/// A leaf is labelled content when at least this share of its tokens align
/// with the truth.
pub const LABEL_SHARE: f32 = 0.5;

/// One page's rows.
pub struct PageRows {
    pub set: usize,
    pub id: String,
    pub fold: u64,
    pub x: Vec<f32>,
    pub y: Vec<f32>,
    pub w: Vec<f32>,
}

pub fn collect(sets: &[DataSet], folds: u64) -> (Vec<String>, Vec<PageRows>) {
    let mut names: Option<Vec<String>> = None;
    let mut pages = Vec::new();
    for (si, ds) in sets.iter().enumerate() {
        let ids: Vec<&String> = ds.truth.keys().collect();
        let rows: Vec<Option<(Vec<String>, PageRows)>> = par_map(&ids, |id| {
            let truth = ds.truth[id.as_str()].article_body.as_deref()?;
            let page = ds.page(id)?;
            let (seg, table, _) = analyse(&page);
            let cx = Context { page: &page, seg: &seg };
            let f = features(&cx, &table);
            let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text.as_str()).collect();
            let shares = labels::leaf_shares(&texts, truth);
            let total: f32 = seg.leaves.iter().map(|l| l.words as f32 + 1.0).sum();
            let y = shares.iter().map(|&s| if s >= LABEL_SHARE { 1.0 } else { 0.0 }).collect();
            let w = seg.leaves.iter().map(|l| (l.words as f32 + 1.0) / total).collect();
            Some((f.names.clone(), PageRows { set: si, id: id.to_string(), fold: ds.fold(id, folds), x: f.values, y, w }))
        });
        for (n, r) in rows.into_iter().flatten() {
            match &names {
                None => names = Some(n),
                Some(have) => assert_eq!(have, &n, "every page has the same features"),
            }
            pages.push(r);
        }
    }
    (names.unwrap_or_default(), pages)
}

fn data_of<'a>(pages: impl Iterator<Item = &'a PageRows>, cols: usize) -> Data {
    let mut d = Data { cols, x: Vec::new(), y: Vec::new(), w: Vec::new() };
    for p in pages {
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
    Forest {
        features: Box::leak(names.into_boxed_slice()),
        roots: Box::leak(m.roots.clone().into_boxed_slice()),
        feature: Box::leak(m.feature.clone().into_boxed_slice()),
        threshold: Box::leak(m.threshold.clone().into_boxed_slice()),
        right: Box::leak(m.right.clone().into_boxed_slice()),
        bias: m.bias,
    }
}

/// Held-out word F1 per page with fold models; returns per set the mean
/// word F1 and per page (id, type, f1).
pub fn held_out(
    sets: &[DataSet],
    names: &[String],
    pages: &[PageRows],
    folds: u64,
    params: &Params,
    threshold: f32,
) -> Vec<(String, String, Option<String>, f64, score::ShingleCounts)> {
    let mut out = Vec::new();
    for k in 0..folds {
        let train = data_of(pages.iter().filter(|p| p.fold != k), names.len());
        let model = gbdt::train(&train, params);
        let forest = as_forest(&model, names);
        let models = Models { leaf: &forest, leaf_threshold: threshold };
        let test: Vec<&PageRows> = pages.iter().filter(|p| p.fold == k).collect();
        let res = par_map(&test, |p| {
            let ds = &sets[p.set];
            let truth = &ds.truth[&p.id];
            let page = ds.page(&p.id)?;
            let out = extract_with(&page, &Options { scores: false }, &models).ok()?;
            let body = truth.article_body.as_deref().unwrap_or("");
            let w = score::word_score(body, &out.text);
            let sh = score::shingle_counts(body, &out.text);
            Some((ds.name.clone(), p.id.clone(), truth.page_type.clone(), w.f1, sh))
        });
        out.extend(res.into_iter().flatten());
        eprintln!("  fold {k}: {} train rows, {} nodes", train.rows(), model.nodes());
    }
    out
}

/// Writes the model as Rust source.
pub fn rust_source(m: &Model, names: &[String], threshold: f32, note: &str) -> String {
    // Only the features the forest uses, renumbered.
    let mut used: BTreeMap<u8, u8> = BTreeMap::new();
    for &f in &m.feature {
        if f != u8::MAX {
            let n = used.len() as u8;
            used.entry(f).or_insert(n);
        }
    }
    let mut order: Vec<(u8, u8)> = used.iter().map(|(&a, &b)| (b, a)).collect();
    order.sort();
    let mut s = String::new();
    let _ = writeln!(s, "//! The decision's learned model. Generated by `tools/lab` (`./build.sh train`);");
    let _ = writeln!(s, "//! do not edit by hand.");
    let _ = writeln!(s, "//!");
    for line in note.lines() {
        let _ = writeln!(s, "//! {line}");
    }
    let _ = writeln!(s, "\nuse super::forest::Forest;\n");
    let _ = writeln!(s, "/// A leaf is content when the forest's probability is at least this.");
    let _ = writeln!(s, "pub const LEAF_THRESHOLD: f32 = {threshold:?};\n");
    let _ = writeln!(s, "/// The leaf classifier.");
    let _ = writeln!(s, "pub static LEAF_FOREST: Forest = Forest {{");
    let _ = writeln!(s, "    features: &[");
    for (_, f) in &order {
        let _ = writeln!(s, "        {:?},", names[*f as usize]);
    }
    let _ = writeln!(s, "    ],");
    let list = |v: Vec<String>| v.join(", ");
    let _ = writeln!(s, "    roots: &[{}],", list(m.roots.iter().map(|r| r.to_string()).collect()));
    let feature: Vec<String> =
        m.feature.iter().map(|&f| if f == u8::MAX { "255".into() } else { used[&f].to_string() }).collect();
    let _ = writeln!(s, "    feature: &[{}],", list(feature));
    let _ = writeln!(s, "    threshold: &[{}],", list(m.threshold.iter().map(|t| format!("{t:?}")).collect()));
    let _ = writeln!(s, "    right: &[{}],", list(m.right.iter().map(|r| r.to_string()).collect()));
    let _ = writeln!(s, "    bias: {:?},", m.bias);
    let _ = writeln!(s, "}};");
    s
}

pub fn train_all(names: &[String], pages: &[PageRows], params: &Params) -> Model {
    gbdt::train(&data_of(pages.iter(), names.len()), params)
}
