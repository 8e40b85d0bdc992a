//! The decision and its output.
//!
//! Today the decision is seed 000's DOM-weight method alone
//! ([`crate::papers::dom_weight`]): the heaviest subtree's top leaves are
//! the article. The composite of all five papers replaces [`decide`]; the
//! output shape ([`Extraction`], [`NodeScore`]) is made to carry every
//! method's columns, so the reader view, overlay, speech and devtools panel
//! built on it do not change.

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::metadata::{self, Metadata};
use crate::model::{NodeId, NodeKind, Page, Tag};
use crate::papers::dom_weight::{self, DomWeight, Role};
use crate::text;

/// Version of the [`Extraction`] format; bumped when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// Readability.js's `isProbablyReaderable`: paragraphs shorter than this
/// (characters) do not count towards being readerable…
pub const READERABLE_MIN_BLOCK_CHARS: usize = 140;
/// …and the sum of `sqrt(chars - 140)` over the others must pass this.
pub const READERABLE_MIN_SCORE: f64 = 20.0;

/// A first heading that the title merely contains is the headline only if
/// it is at least this long (folded characters): short generic headings
/// ("News", "Opinion") occur in many titles. Chosen by hand, not measured.
pub const HEADLINE_MIN_PARTIAL_CHARS: usize = 11;

/// What the caller may ask for.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Options {
    /// Include the per-node score table (the devtools panel and overlay
    /// need it; the reader view does not).
    pub scores: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { scores: true }
    }
}

/// An extracted article and how it was chosen.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    pub version: u32,
    pub url: String,
    pub title: String,
    pub byline: Option<String>,
    pub lang: Option<String>,
    pub dir: Option<String>,
    pub site_name: Option<String>,
    pub published_time: Option<String>,
    pub excerpt: Option<String>,
    pub keywords: Vec<String>,
    /// Whether the page holds an article worth a reader view.
    pub readerable: bool,
    /// The method that made the decision.
    pub method: &'static str,
    /// The node the article was taken from.
    pub root: Option<NodeId>,
    /// The article's main text: blocks joined by newlines, without the
    /// headline and byline.
    pub text: String,
    pub word_count: usize,
    pub blocks: Vec<Block>,
    /// One row per element (and per anonymous leaf); empty unless asked for.
    pub scores: Vec<NodeScore>,
    pub stats: Stats,
}

/// A block of the article, in reading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Block {
    pub kind: BlockKind,
    /// Heading level 1–6; 0 for other kinds.
    #[serde(skip_serializing_if = "is_zero")]
    pub level: u8,
    /// The block's text; line breaks (`<br>`, lines of `<pre>`) as `\n`.
    pub text: String,
    /// The nodes whose subtrees render this block (an element, or the run
    /// of inline nodes of an anonymous block), for highlighting and speech.
    pub nodes: Vec<NodeId>,
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

/// What a block is, for rendering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum BlockKind {
    Paragraph,
    Heading,
    ListItem,
    Quote,
    Preformatted,
    TableCell,
    Caption,
}

/// One node's scores. Columns are optional: each method fills its own.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeScore {
    pub node: NodeId,
    pub parent: Option<NodeId>,
    pub tag: String,
    /// Seed 000's role for the node.
    pub role: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word_num: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_num: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag_num: Option<u32>,
    /// Formula (1), for leaves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_imp: Option<f64>,
    /// WidthAttr, for subtrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width_attr: Option<f64>,
    /// Formula (2), for subtrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    /// A leaf of the chosen subtree: part of the article (its headline and
    /// byline included, though `text` gives them their own fields).
    pub selected: bool,
}

/// Sizes of the input, for the devtools panel and benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub nodes: usize,
    pub elements: usize,
    pub visual: bool,
}

/// The decision: which leaves make the article.
struct Decision {
    root: Option<NodeId>,
    /// Leaf indices into `DomWeight::leaves`, in document order.
    leaves: Vec<usize>,
}

fn decide(weights: &DomWeight) -> Decision {
    match weights.best {
        Some(b) => Decision {
            root: Some(weights.subtrees[b].id),
            leaves: weights.subtrees[b].leaves.clone(),
        },
        None => Decision { root: None, leaves: Vec::new() },
    }
}

/// Extracts the article of `page`.
pub fn extract(page: &Page, options: &Options) -> Result<Extraction> {
    let weights = dom_weight::weigh(page);
    let decision = decide(&weights);
    let meta: Metadata = metadata::read(page, decision.root);

    let mut blocks: Vec<Block> = decision
        .leaves
        .iter()
        .map(|&l| make_block(page, &weights.leaves[l]))
        .filter(|b| !b.text.is_empty())
        .collect();

    // The headline and byline have fields of their own.
    let title_key = text::fold_for_compare(&meta.title);
    if blocks.first().is_some_and(|b| {
        b.kind == BlockKind::Heading && !title_key.is_empty() && {
            let k = text::fold_for_compare(&b.text);
            k == title_key || (k.len() >= HEADLINE_MIN_PARTIAL_CHARS && title_key.contains(&k))
        }
    }) {
        blocks.remove(0);
    }
    if let Some(by) = meta.byline_node {
        let short = |b: &Block| b.text.chars().count() < metadata::MAX_BYLINE_CHARS;
        blocks.retain(|b| {
            let inside_byline = b.nodes.iter().any(|&n| page.contains(by, n));
            let holds_byline = b.nodes.iter().any(|&n| page.contains(n, by));
            !(inside_byline || (holds_byline && short(b)))
        });
    }

    let text = blocks.iter().map(|b| b.text.as_str()).collect::<Vec<_>>().join("\n");
    let readerable = blocks
        .iter()
        .filter(|b| b.kind != BlockKind::Heading)
        .map(|b| b.text.chars().count())
        .filter(|&c| c >= READERABLE_MIN_BLOCK_CHARS)
        .map(|c| ((c - READERABLE_MIN_BLOCK_CHARS) as f64).sqrt())
        .sum::<f64>()
        > READERABLE_MIN_SCORE;

    let dir = decision
        .root
        .and_then(|r| page.closest(r, |e| !e.dir.trim().is_empty()))
        .and_then(|id| page.element(id))
        .map(|e| e.dir.trim().to_string())
        .or_else(|| Some(page.dir.trim().to_string()).filter(|d| !d.is_empty()));

    let scores = if options.scores { score_table(page, &weights, &decision) } else { Vec::new() };
    let elements = page.element_count();
    Ok(Extraction {
        version: FORMAT_VERSION,
        url: page.url.clone(),
        title: meta.title,
        byline: meta.byline,
        lang: meta.lang,
        dir,
        site_name: meta.site_name,
        published_time: meta.published_time,
        excerpt: meta.excerpt.or_else(|| {
            blocks.iter().find(|b| b.kind == BlockKind::Paragraph).map(|b| b.text.clone())
        }),
        keywords: meta.keywords,
        readerable,
        method: "dom-weight",
        root: decision.root,
        word_count: text::word_count(&text),
        text,
        blocks,
        scores,
        stats: Stats {
            nodes: page.nodes.len(),
            elements,
            visual: page.viewport.is_some(),
        },
    })
}

fn make_block(page: &Page, leaf: &dom_weight::Leaf) -> Block {
    let text = page.inline_text(leaf.nodes.iter().copied());
    // An element leaf is its own block; an anonymous leaf takes its kind
    // from the block it sits in.
    let holder = if page.element(leaf.id).is_some() { leaf.id } else { leaf.parent };
    let tag = page.tag(holder).unwrap_or(Tag::Other);
    let (kind, level) = match tag {
        t if t.heading_level().is_some() => (BlockKind::Heading, t.heading_level().unwrap_or(0)),
        Tag::Li | Tag::Dd | Tag::Dt => (BlockKind::ListItem, 0),
        Tag::Pre => (BlockKind::Preformatted, 0),
        Tag::Td | Tag::Th => (BlockKind::TableCell, 0),
        Tag::Figcaption | Tag::Caption => (BlockKind::Caption, 0),
        _ if page.closest(holder, |e| e.tag == Tag::Pre).is_some() => (BlockKind::Preformatted, 0),
        _ if page.closest(holder, |e| e.tag == Tag::Blockquote).is_some() => (BlockKind::Quote, 0),
        _ => (BlockKind::Paragraph, 0),
    };
    Block { kind, level, text, nodes: leaf.nodes.clone() }
}

impl NodeScore {
    /// A row with no method's columns filled yet.
    fn empty(page: &Page, node: NodeId, tag: String, role: Role) -> NodeScore {
        NodeScore {
            node,
            parent: page.nodes[node].parent,
            tag,
            role,
            word_num: None,
            link_num: None,
            tag_num: None,
            node_imp: None,
            width_attr: None,
            weight: None,
            selected: false,
        }
    }
}

fn score_table(page: &Page, weights: &DomWeight, decision: &Decision) -> Vec<NodeScore> {
    let mut rows: Vec<Option<NodeScore>> = vec![None; page.nodes.len()];
    for (id, node) in page.nodes.iter().enumerate() {
        if let NodeKind::Element(e) = &node.kind {
            rows[id] = Some(NodeScore::empty(page, id, e.name.clone(), weights.roles[id]));
        }
    }
    for leaf in &weights.leaves {
        let row = rows[leaf.id].get_or_insert_with(|| {
            let tag = crate::model::TEXT_NODE_TAG.to_string();
            NodeScore::empty(page, leaf.id, tag, weights.roles[leaf.id])
        });
        row.word_num = Some(leaf.word_num);
        row.link_num = Some(leaf.link_num);
        row.tag_num = Some(leaf.tag_num);
        row.node_imp = Some(leaf.node_imp);
    }
    for s in &weights.subtrees {
        if let Some(row) = rows[s.id].as_mut() {
            row.width_attr = Some(s.width_attr);
            row.weight = Some(s.weight);
        }
    }
    for &l in &decision.leaves {
        if let Some(row) = rows[weights.leaves[l].id].as_mut() {
            row.selected = true;
        }
    }
    rows.into_iter().flatten().collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::html::parse_document;

    #[test]
    fn headline_is_a_field_not_part_of_the_text() {
        let page = parse_document(
            "<html><head><title>How rivers carve deep canyons | Site</title></head><body><div>\
             <h1>How rivers carve deep canyons</h1><p>Water runs downhill and carves the rock over ages.</p>\
             <p>Canyons are the record of that patience.</p></div></body></html>",
            "u",
        )
        .unwrap();
        let out = extract(&page, &Options::default()).unwrap();
        assert_eq!(out.title, "How rivers carve deep canyons");
        assert_eq!(
            out.text,
            "Water runs downhill and carves the rock over ages.\nCanyons are the record of that patience."
        );
        assert!(out.scores.iter().any(|s| s.selected && s.tag == "p"));
    }
}
