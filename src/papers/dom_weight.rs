//! Seed 000: Wang & Liu, "An Approach of Information Extraction Based on Dom
//! Tree and Weight Value" (§3.3).
//!
//! 1. Prune the subtrees of *ignore* tags (Table 1).
//! 2. Merge *row* tags into their superior node (Table 1).
//! 3. Leaf weight, formula (1): `NodeImp = WordNum / (LinkNum + TagNum)`.
//! 4. Subtree weight, formula (2): `Weight = WidthAttr × mean(NodeImp)` over
//!    the subtree's top leaves `S_s`.
//! 5. Formula (3): the heaviest subtree is the body; its leaves are the text.
//!
//! ## How Pith reads the paper where it is silent
//! * Leaves and row nodes are the page's segmentation ([`crate::segment`]);
//!   this method weighs the leaves with at least one word outside pruned
//!   subtrees. Blocks without words (image holders, spacers) carry no
//!   "semantic information" (§3.2) and are not weighed.
//! * `WordNum` counts words outside links; `LinkNum` counts `<a href>`
//!   elements; `TagNum` counts the other element pairs in the leaf, itself
//!   included (void elements such as `<br>` have no pair). The denominator
//!   is at least 1, so an anonymous leaf of plain text has `TagNum` 0 and
//!   still a finite weight.
//! * *Row* nodes: the paper's row tags where no layout is known; where the
//!   browser rendered the page, any inline-level element (computed
//!   `display`), which is what the paper's list approximates. A row node
//!   holding a block is not a row node.
//! * `WidthAttr` is [`crate::model::Element::width_ratio`]: the rendered
//!   width over the page width, or the `width` attribute / style for parsed
//!   HTML (§3.3 (5): "obtained by the node related attribute or style").
//! * Ties in formula (3) go to the first subtree in document order.

use serde::Serialize;

use super::Context;
use crate::model::{NodeId, Page, Tag};
use crate::segment::Segmentation;
use crate::table::{ColumnSpec, ScoreTable};

/// Table 1, "Ignore Tag": pruned with their subtrees before weighting.
pub const IGNORE_TAGS: &[Tag] =
    &[Tag::Script, Tag::Style, Tag::Form, Tag::Noscript, Tag::Object, Tag::Embed];

/// Table 1, "Row Tag": merged into their superior node.
pub const ROW_TAGS: &[Tag] = &[Tag::Span, Tag::Img, Tag::Strong, Tag::B, Tag::Em, Tag::I];

/// Pith's departure from Table 1: a `<form>` holding more than this share of
/// the page's words is not pruned. ASP.NET WebForms pages wrap the whole
/// `<body>` in one `<form>`; pruning it would leave nothing to extract.
pub const FORM_KEEP_MIN_WORD_SHARE: f64 = 0.5;

/// Formula (1): a leaf's weight. The denominator is guarded: at least 1.
pub fn node_imp(word_num: u32, link_num: u32, tag_num: u32) -> f64 {
    f64::from(word_num) / f64::from((link_num + tag_num).max(1))
}

/// Formula (2): a subtree's weight from its width share and its top
/// leaves' weights. No leaves, no weight.
pub fn subtree_weight(width_attr: f64, leaf_imps: &[f64]) -> f64 {
    if leaf_imps.is_empty() {
        return 0.0;
    }
    width_attr * leaf_imps.iter().sum::<f64>() / leaf_imps.len() as f64
}

/// What the method made of a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    /// Inside a leaf or otherwise not weighed on its own.
    #[default]
    None,
    /// Removed with its subtree: an ignore tag or a hidden element.
    Pruned,
    /// A row node, merged into its superior node.
    Row,
    /// A leaf (formula 1).
    Leaf,
    /// A text node that starts an anonymous leaf.
    AnonymousLeaf,
    /// A block with top leaves (formula 2).
    Subtree,
}

/// One leaf and its formula (1) terms (its NodeImp: [`Leaf::node_imp`],
/// worked out when read: 20 bytes a leaf in wasm32 instead of 32, and the
/// method's passing peak on the 1,000,000-element bench page 6 MB lower;
/// `tests/eval/SPEED.md`, 2026-11-30).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Leaf {
    /// The leaf element, or the first node of an anonymous leaf (its
    /// nodes: the segmentation's [`crate::segment::Leaf::nodes`]).
    pub id: NodeId,
    /// The block the leaf is a top leaf of.
    pub parent: NodeId,
    pub word_num: u32,
    pub link_num: u32,
    pub tag_num: u32,
}

impl Leaf {
    /// Formula (1)'s NodeImp.
    pub fn node_imp(&self) -> f64 {
        node_imp(self.word_num, self.link_num, self.tag_num)
    }
}

/// One subtree and its formula (2) terms.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Subtree {
    pub id: NodeId,
    /// The element's `width_ratio` (an `f32`; formula (2) reads it as
    /// [`Subtree::width_attr`]).
    width_ratio: f32,
    /// Its top leaves: `count` indices into [`DomWeight::leaves`] from
    /// [`DomWeight::members`]`[first]` ([`DomWeight::leaves_of`]). A range
    /// of one array, not a vector each: the 1,000,000-element bench page
    /// has 487,000 subtrees (`tests/eval/SPEED.md`, 2026-11-30).
    pub first: u32,
    pub count: u32,
    pub weight: f64,
}

/// The method's result over a page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DomWeight {
    /// Per node id.
    pub roles: Vec<Role>,
    pub leaves: Vec<Leaf>,
    pub subtrees: Vec<Subtree>,
    /// The subtrees' leaves, subtree after subtree ([`Subtree::first`]).
    pub members: Vec<u32>,
    /// Index into `subtrees` of the heaviest (formula 3).
    pub best: Option<usize>,
}

impl Subtree {
    /// Formula (2)'s WidthAttr.
    pub fn width_attr(&self) -> f64 {
        f64::from(self.width_ratio)
    }
}

impl DomWeight {
    /// The chosen body's leaves.
    pub fn body_leaves(&self) -> impl Iterator<Item = &Leaf> {
        self.best
            .into_iter()
            .flat_map(move |b| self.leaves_of(&self.subtrees[b]).iter().map(move |&l| &self.leaves[l as usize]))
    }

    /// Indices into [`DomWeight::leaves`] of `s`'s top leaves.
    pub fn leaves_of(&self, s: &Subtree) -> &[u32] {
        &self.members[s.first as usize..(s.first + s.count) as usize]
    }

    /// The subtree rooted at `id`, if `id` roots one.
    pub fn subtree_at(&self, id: NodeId) -> Option<&Subtree> {
        self.subtrees.binary_search_by_key(&id, |s| s.id).ok().map(|i| &self.subtrees[i])
    }

}

/// The method's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "domWeight.wordNum",
        signal: "domWeight",
        label: "WordNum",
        source: "seed 000 §3.3 (4), formula (1)",
        description: "Words of a leaf outside links.",
    },
    ColumnSpec {
        key: "domWeight.linkNum",
        signal: "domWeight",
        label: "LinkNum",
        source: "seed 000 §3.3 (4), formula (1)",
        description: "Links (<a href>) in a leaf.",
    },
    ColumnSpec {
        key: "domWeight.tagNum",
        signal: "domWeight",
        label: "TagNum",
        source: "seed 000 §3.3 (4), formula (1)",
        description: "Other tag pairs in a leaf, itself included.",
    },
    ColumnSpec {
        key: "domWeight.nodeImp",
        signal: "domWeight",
        label: "NodeImp",
        source: "seed 000 §3.3 (4), formula (1)",
        description: "A leaf's weight: WordNum / (LinkNum + TagNum).",
    },
    ColumnSpec {
        key: "domWeight.widthAttr",
        signal: "domWeight",
        label: "WidthAttr",
        source: "seed 000 §3.3 (5)",
        description: "A subtree's width as a share of the page width.",
    },
    ColumnSpec {
        key: "domWeight.weight",
        signal: "domWeight",
        label: "Weight",
        source: "seed 000 §3.3 (5), formula (2)",
        description: "A subtree's weight: WidthAttr × mean NodeImp of its top leaves.",
    },
    ColumnSpec {
        key: "domWeight.body",
        signal: "domWeight",
        label: "body",
        source: "seed 000 §3.3 (6), formula (3)",
        description: "1 on the heaviest subtree and on its top leaves: seed 000's article.",
    },
];

/// Runs the method over a page (segmenting it first).
pub fn weigh(page: &Page) -> DomWeight {
    weigh_segmented(page, &crate::segment::segment(page))
}

/// Runs the method over a segmented page.
pub fn weigh_segmented(page: &Page, seg: &Segmentation) -> DomWeight {
    let n = page.nodes.len();
    let total_words = f64::from(if seg.leaves.is_empty() { 0 } else { seg.sums(0).words }.max(1));

    // Table 1: ignore tags are pruned with their subtrees (a page-sized
    // form excepted), and so are hidden elements.
    let mut pruned = vec![false; n];
    for id in 0..n {
        let inherited = page.nodes[id].parent().is_some_and(|p| pruned[p]);
        pruned[id] = inherited
            || page.element(id).is_some_and(|e| {
                e.hidden
                    || (IGNORE_TAGS.contains(&e.tag)
                        && !(e.tag == Tag::Form
                            && f64::from(seg.sums(id).words) / total_words > FORM_KEEP_MIN_WORD_SHARE))
            });
    }

    let mut roles = vec![Role::None; n];
    for id in 0..n {
        roles[id] = if pruned[id] {
            Role::Pruned
        } else if seg.is_inline(id) && page.element(id).is_some() {
            Role::Row
        } else {
            Role::None
        };
    }
    // Leaves with a word, outside pruned subtrees; each is a top leaf of
    // its parent block.
    let mut leaves = Vec::with_capacity(seg.leaves.len());
    for l in &seg.leaves {
        if pruned[l.holder()] || l.words == 0 {
            continue;
        }
        let word_num = l.words - l.link_words;
        leaves.push(Leaf {
            id: l.id,
            parent: l.parent,
            word_num,
            link_num: l.links,
            tag_num: l.tags,
        });
        roles[l.id] = if l.element { Role::Leaf } else { Role::AnonymousLeaf };
    }
    // Subtrees: blocks with top leaves, in document order.
    // Stable: leaves of one parent stay in document order.
    let parents: Vec<u64> = leaves.iter().map(|l| l.parent as u64).collect();
    let members = crate::sort::order(&parents);
    drop(parents);
    let mut subtrees: Vec<Subtree> = Vec::new();
    for (at, &i) in members.iter().enumerate() {
        let parent = leaves[i as usize].parent;
        match subtrees.last_mut() {
            Some(s) if s.id == parent => s.count += 1,
            _ => subtrees.push(Subtree { id: parent, width_ratio: 0.0, first: at as u32, count: 1, weight: 0.0 }),
        }
    }
    let mut imps: Vec<f64> = Vec::new();
    for s in &mut subtrees {
        imps.clear();
        imps.extend(members[s.first as usize..(s.first + s.count) as usize].iter().map(|&l| leaves[l as usize].node_imp()));
        s.width_ratio = page.element(s.id).map_or(1.0, |e| e.width_ratio);
        s.weight = subtree_weight(s.width_attr(), &imps);
        roles[s.id] = Role::Subtree;
    }
    let mut best: Option<usize> = None;
    for (i, s) in subtrees.iter().enumerate() {
        if best.map_or(true, |b| s.weight > subtrees[b].weight) {
            best = Some(i);
        }
    }
    DomWeight { roles, leaves, subtrees, members, best }
}

/// The method as a signal: writes [`COLUMNS`].
pub fn score(cx: &Context, table: &mut ScoreTable) -> DomWeight {
    let w = weigh_segmented(cx.page, cx.seg);
    let c = table.add_all(COLUMNS);
    for l in &w.leaves {
        table.set(c[0], l.id, l.word_num as f32);
        table.set(c[1], l.id, l.link_num as f32);
        table.set(c[2], l.id, l.tag_num as f32);
        table.set(c[3], l.id, l.node_imp() as f32);
    }
    for s in &w.subtrees {
        table.set(c[4], s.id, s.width_attr() as f32);
        table.set(c[5], s.id, s.weight as f32);
        table.set(c[6], s.id, 0.0);
    }
    for l in &w.leaves {
        table.set(c[6], l.id, 0.0);
    }
    if let Some(b) = w.best {
        table.set(c[6], w.subtrees[b].id, 1.0);
        for &l in w.leaves_of(&w.subtrees[b]) {
            table.set(c[6], w.leaves[l as usize].id, 1.0);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §3.3 (5), Figure 3: sub tree 1 weighs 77 = 70% × (100 + 120) / 2 and
    /// sub tree 2 weighs 21 = 70% × (10 + 50) / 2.
    #[test]
    fn worked_example_subtrees_one_and_two() {
        assert!((subtree_weight(0.70, &[100.0, 120.0]) - 77.0).abs() < 1e-9);
        assert!((subtree_weight(0.70, &[10.0, 50.0]) - 21.0).abs() < 1e-9);
    }

    /// The paper prints 31 for sub tree 3, "(which equals 30% × (1+5)/2)",
    /// but its own formula (2) gives 0.9. We follow the formula: 31 is a
    /// misprint (it would also not change the winner, 77).
    #[test]
    fn worked_example_subtree_three_follows_the_formula_not_the_misprint() {
        assert!((subtree_weight(0.30, &[1.0, 5.0]) - 0.9).abs() < 1e-9);
    }

    #[test]
    fn node_imp_guards_the_zero_denominator() {
        assert_eq!(node_imp(12, 0, 0), 12.0);
        assert_eq!(node_imp(12, 1, 2), 4.0);
        assert_eq!(subtree_weight(1.0, &[]), 0.0);
    }
}
