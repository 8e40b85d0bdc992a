//! The one decision: which leaves are content. It reads only the score
//! table (and the tree's shape), and writes its own columns and a reason
//! per judged node back into it.

use crate::model::NodeId;
use crate::page_type::PageType;
use crate::papers::records::Record;
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

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

/// Decides.
pub fn decide(cx: &Context, table: &mut ScoreTable, _page_type: &PageType) -> Decision {
    let page = cx.page;
    let seg = cx.seg;
    let n = page.nodes.len();
    let cols = table.add_all(COLUMNS);
    let body = table.expect("domWeight.body");
    let mut keep = Vec::new();
    let mut reasons = vec![String::new(); n];
    for (i, leaf) in seg.leaves.iter().enumerate() {
        let in_body = table.get_or(body, leaf.id, 0.0) > 0.5;
        table.set(cols[0], leaf.id, if in_body { 1.0 } else { 0.0 });
        table.set(cols[1], leaf.id, if in_body { 1.0 } else { 0.0 });
        reasons[leaf.id] = if in_body { "seed 000 body".into() } else { "outside seed 000 body".into() };
        if in_body {
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
