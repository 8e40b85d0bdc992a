//! The one decision: which leaves are content. It reads only the score
//! table (and the tree's shape), and writes its own columns and a reason
//! per judged node back into it.

pub mod features;
pub mod forest;
pub mod model;

use crate::model::NodeId;
use crate::page_type::PageType;
use crate::papers::records::Record;
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};
use forest::Forest;

/// The method named in the output.
pub const METHOD: &str = "composite";

/// Readability.js's `isProbablyReaderable`: paragraphs shorter than this
/// (characters) do not count towards being readerable…
pub const READERABLE_MIN_BLOCK_CHARS: usize = 140;
/// …and the sum of `sqrt(chars - 140)` over the others must pass this.
pub const READERABLE_MIN_SCORE: f64 = 20.0;

/// The decision's columns.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "decision.score",
        signal: "decision",
        label: "score",
        source: "Pith decision",
        description: "The decision's final score for a leaf (probability of content).",
    },
    ColumnSpec {
        key: "decision.content",
        signal: "decision",
        label: "content",
        source: "Pith decision",
        description: "1 where the leaf is part of the content.",
    },
];

/// What the decision made of the page.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The kept leaves: indices into the segmentation's leaves, in
    /// document order.
    pub leaves: Vec<usize>,
    /// The lowest common ancestor of the kept leaves.
    pub root: Option<NodeId>,
    /// Per node: part of the content (a kept leaf, or inside one).
    pub content: Vec<bool>,
    /// Per node: why (empty where the node was not judged on its own).
    pub reasons: Vec<String>,
    pub readerable: bool,
    pub readerable_reason: String,
    pub records: Vec<Record>,
}

/// Decides with the shipped model ([`model::LEAF_FOREST`]).
pub fn decide(cx: &Context, table: &mut ScoreTable, page_type: &PageType) -> Decision {
    decide_with(cx, table, page_type, &model::LEAF_FOREST, model::LEAF_THRESHOLD)
}

/// Decides with `forest`: a leaf is content when its probability is at
/// least `threshold`.
pub fn decide_with(
    cx: &Context,
    table: &mut ScoreTable,
    _page_type: &PageType,
    forest: &Forest,
    threshold: f32,
) -> Decision {
    let seg = cx.seg;
    let n = cx.page.nodes.len();
    let feats = features::features(cx, table);
    // The model's features, found by name among today's columns; one the
    // page lacks reads as missing.
    let index: Vec<Option<usize>> =
        forest.features.iter().map(|f| feats.names.iter().position(|n| n == f)).collect();
    let cols = table.add_all(COLUMNS);
    let mut keep = Vec::new();
    let mut reasons = vec![String::new(); n];
    let mut x = vec![f32::NAN; forest.features.len()];
    for (i, leaf) in seg.leaves.iter().enumerate() {
        let row = feats.row(i);
        for (k, ix) in index.iter().enumerate() {
            x[k] = ix.map_or(f32::NAN, |j| row[j]);
        }
        let p = forest.probability(&x);
        let content = p >= threshold;
        table.set(cols[0], leaf.id, p);
        table.set(cols[1], leaf.id, if content { 1.0 } else { 0.0 });
        reasons[leaf.id] = if content {
            format!("content: model {p:.2} ≥ {threshold:.2}")
        } else {
            format!("not content: model {p:.2} < {threshold:.2}")
        };
        if content {
            keep.push(i);
        }
    }
    finish(cx, keep, reasons, Vec::new())
}

/// The decision's output from the kept leaves: content flags, root,
/// readerable.
pub fn finish(cx: &Context, leaves: Vec<usize>, reasons: Vec<String>, records: Vec<Record>) -> Decision {
    let page = cx.page;
    let seg = cx.seg;
    let mut content = vec![false; page.nodes.len()];
    for &l in &leaves {
        for &top in &seg.leaves[l].nodes {
            for m in page.subtree(top) {
                content[m] = true;
            }
        }
    }
    let root = lowest_common_ancestor(cx, leaves.iter().map(|&l| seg.leaves[l].holder()));
    let score: f64 = leaves
        .iter()
        .map(|&l| seg.leaves[l].text.chars().count())
        .filter(|&c| c >= READERABLE_MIN_BLOCK_CHARS)
        .map(|c| ((c - READERABLE_MIN_BLOCK_CHARS) as f64).sqrt())
        .sum();
    let readerable = score > READERABLE_MIN_SCORE;
    let readerable_reason = if readerable {
        format!("long paragraphs score {score:.0} > {READERABLE_MIN_SCORE}")
    } else {
        format!("too little running text (score {score:.0} ≤ {READERABLE_MIN_SCORE})")
    };
    Decision { leaves, root, content, reasons, readerable, readerable_reason, records }
}

/// The deepest node that contains every node of `ids`.
pub fn lowest_common_ancestor(cx: &Context, ids: impl IntoIterator<Item = NodeId>) -> Option<NodeId> {
    let page = cx.page;
    let mut acc: Option<NodeId> = None;
    for id in ids {
        acc = Some(match acc {
            None => id,
            Some(mut a) => {
                while !page.contains(a, id) {
                    match page.nodes[a].parent {
                        Some(p) => a = p,
                        None => break,
                    }
                }
                a
            }
        });
    }
    acc
}
