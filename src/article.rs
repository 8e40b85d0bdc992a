//! The article builder: the decision's kept leaves, as blocks in reading
//! order. It reads the decision and the page, nothing else.

use serde::Serialize;

use crate::decision::Decision;
use crate::metadata::{self, Metadata};
use crate::model::{NodeId, Page, Tag};
use crate::papers::Context;
use crate::segment::Leaf;
use crate::text;

/// A first heading that the title merely contains is the headline only if
/// it is at least this long (folded characters): short generic headings
/// ("News", "Opinion") occur in many titles. Chosen by hand, not measured.
pub const HEADLINE_MIN_PARTIAL_CHARS: usize = 11;

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

/// The built article.
#[derive(Debug, Clone, PartialEq)]
pub struct Article {
    pub blocks: Vec<Block>,
}

/// Builds the article from the decision: one block per kept leaf, without
/// the headline and byline (they have fields of their own).
pub fn build(cx: &Context, decision: &Decision, meta: &Metadata) -> Article {
    let page = cx.page;
    let mut blocks: Vec<Block> = decision
        .leaves
        .iter()
        .map(|&l| make_block(page, &cx.seg.leaves[l]))
        .filter(|b| !b.text.is_empty())
        .collect();

    let title_key = text::fold_for_compare(&meta.title);
    if let Some(first_heading) = blocks.iter().take(3).position(|b| b.kind == BlockKind::Heading) {
        let b = &blocks[first_heading];
        let k = text::fold_for_compare(&b.text);
        let is_headline = !title_key.is_empty()
            && (k == title_key || (k.chars().count() >= HEADLINE_MIN_PARTIAL_CHARS && title_key.contains(&k)));
        if is_headline {
            blocks.remove(first_heading);
        }
    }
    if let Some(by) = meta.byline_node {
        let short = |b: &Block| b.text.chars().count() < metadata::MAX_BYLINE_CHARS;
        blocks.retain(|b| {
            let inside_byline = b.nodes.iter().any(|&n| page.contains(by, n));
            let holds_byline = b.nodes.iter().any(|&n| page.contains(n, by));
            !(inside_byline || (holds_byline && short(b)))
        });
    }
    Article { blocks }
}

fn make_block(page: &Page, leaf: &Leaf) -> Block {
    let holder = leaf.holder();
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
    Block { kind, level, text: leaf.text.clone(), nodes: leaf.nodes.clone() }
}
