//! Segmentation: the page cut into *leaves*, the blocks of inline content
//! every method scores, and per-node sums of their text measures. Computed
//! once per extraction; every signal reads it instead of walking the text
//! again.
//!
//! A *leaf* is what the papers call a leaf node (seed 000 §3.2, seed 002
//! §II.C, seed 004 §3): a block whose content is only text and inline
//! (*row*) elements, with at least one visible character. Text that sits
//! directly in a block beside other blocks (`<div>text<p>…</p></div>`)
//! forms an *anonymous leaf*, as CSS makes an anonymous block box of it; its
//! id is its first node's.
//!
//! * *Row* (inline-level) elements: where the browser rendered the page, an
//!   element whose computed `display` is inline-level; in parsed HTML, HTML's
//!   phrasing elements ([`Tag::is_inline_by_default`]). A row element that
//!   holds a block is not a row element. A `display: contents` element is a
//!   row element when all it holds is inline (it has no box of its own).
//! * Nothing is pruned here: hidden leaves (tabs, accordions, menus) and
//!   leaves in forms are leaves like any other, with flags, so that each
//!   method and the decision apply their own rules to them.

use crate::model::{NodeId, NodeKind, Page, Tag};
use crate::text;

/// Elements without a closing tag: they are not a "pair of HTML tags"
/// (seed 000 §3.3 (4)) and do not count in a leaf's `tags`.
pub const VOID_TAGS: &[Tag] = &[Tag::Br, Tag::Wbr, Tag::Img, Tag::Input, Tag::Hr, Tag::Source];

/// One leaf and its text measures.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaf {
    /// The leaf element, or the first node of an anonymous leaf.
    pub id: NodeId,
    /// The nodes whose subtrees make the leaf's content ([`Leaf::nodes`]):
    /// `count` children of `parent` from its `first`-th. Consecutive
    /// siblings, so a range and not a vector of their own: 10 MB of wasm
    /// memory on the 1,000,000-element bench page (490,000 leaves; session
    /// 27, `tests/eval/SPEED.md`).
    first: u32,
    count: u32,
    /// The block the leaf is a top leaf of (its parent element for an
    /// element leaf, the block holding the run for an anonymous leaf).
    pub parent: NodeId,
    /// Whether the leaf is an element (false: an anonymous run).
    pub element: bool,
    /// The rendered text ([`Leaf::text`]).
    text: LeafText,
    /// Visible (non-whitespace) characters.
    pub chars: u32,
    /// Visible characters inside `<a href>`.
    pub link_chars: u32,
    /// Words ([`text::word_count`]) outside and inside links.
    pub words: u32,
    pub link_words: u32,
    /// `<a href>` elements in the leaf (itself included).
    pub links: u32,
    /// Other element pairs in the leaf, itself included; void elements
    /// ([`VOID_TAGS`]) do not count.
    pub tags: u32,
    /// Not rendered (in a hidden subtree).
    pub hidden: bool,
}

/// A leaf's rendered text: its own, or that of its one text node where
/// that reads the same (most leaves: a link, a title, a cell). Kept apart,
/// every such text was a second copy of the page's: 13 MB on the
/// 1,000,000-element bench page (`tests/eval/SPEED.md`, 2026-11-30).
#[derive(Debug, Clone, PartialEq)]
enum LeafText {
    Own(Box<str>),
    Node(u32),
}

impl Leaf {
    /// The rendered text: whitespace collapsed, `<br>` as `\n`.
    #[inline]
    pub fn text<'a>(&'a self, page: &'a Page) -> &'a str {
        match &self.text {
            LeafText::Own(t) => t,
            LeafText::Node(id) => page.text(*id as NodeId).unwrap_or(""),
        }
    }

    /// The nodes whose subtrees make the leaf's content, in order: the
    /// element, or an anonymous leaf's run of inline siblings.
    #[inline]
    pub fn nodes<'p>(&self, page: &'p Page) -> &'p [NodeId] {
        let start = self.first as usize;
        &page.children(self.parent)[start..start + self.count as usize]
    }

    /// The element that holds the leaf's text: itself, or for an anonymous
    /// leaf its parent block.
    pub fn holder(&self) -> NodeId {
        if self.element {
            self.id
        } else {
            self.parent
        }
    }

    /// Share of visible characters inside links.
    pub fn link_density(&self) -> f32 {
        if self.chars == 0 {
            0.0
        } else {
            self.link_chars as f32 / self.chars as f32
        }
    }
}

/// Sums over a node's subtree.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sums {
    pub chars: u32,
    pub link_chars: u32,
    pub words: u32,
    pub link_words: u32,
    pub links: u32,
    /// Leaves in the subtree (hidden ones included).
    pub leaves: u32,
    /// Visible characters of hidden leaves.
    pub hidden_chars: u32,
}

impl Sums {
    fn add(&mut self, o: &Sums) {
        self.chars += o.chars;
        self.link_chars += o.link_chars;
        self.words += o.words;
        self.link_words += o.link_words;
        self.links += o.links;
        self.leaves += o.leaves;
        self.hidden_chars += o.hidden_chars;
    }

    /// Share of visible characters inside links.
    pub fn link_density(&self) -> f32 {
        if self.chars == 0 {
            0.0
        } else {
            self.link_chars as f32 / self.chars as f32
        }
    }
}

/// No leaf, in [`Segmentation`]'s per-node leaf indices; no block, in its
/// per-node block slots.
const NONE: u32 = u32::MAX;

/// The page cut into leaves.
///
/// Per-node facts are stored for memory: on the 1,000,000-element bench
/// page (1,487,941 nodes, two thirds of them links and their texts) the
/// sums of every node, an `Option` per node for the leaf index and each
/// node's depth (which only VSSE reads, and now counts itself) took 59 MB
/// of wasm memory, and take 25 (`tests/eval/SPEED.md`, session 27).
#[derive(Debug, Clone, Default)]
pub struct Segmentation {
    /// In document order.
    pub leaves: Vec<Leaf>,
    /// Per node: the index in `leaves` of the leaf whose content it is part
    /// of, or [`NONE`] ([`Segmentation::leaf_of`]).
    leaf_index: Vec<u32>,
    /// Per node: its slot in `block_sums`, or [`NONE`] for an inline-level
    /// (row) element or a text node ([`Segmentation::is_inline`]). A `u32`
    /// each, not ranks (a bit a node and a count per 64, a quarter of a
    /// byte a node): the signals read it at every node, and through ranks
    /// the core took 1 % more instructions (`tests/eval/SPEED.md`,
    /// 2026-11-30).
    block: Vec<u32>,
    /// Per block (a node not inline): sums over its subtree. An inline node
    /// holds no leaf and is no ancestor of one's holder, so its sums are
    /// zero ([`Segmentation::sums`]).
    block_sums: Vec<Sums>,
    /// Per block: its parent's block slot ([`NONE`] for the root's), so
    /// that sums of leaves go up the tree block by block
    /// ([`Segmentation::blocks_up`]).
    block_parent: Vec<u32>,
}

impl Segmentation {
    /// The leaves whose first node (a leaf's id) lies in `id`'s subtree, as
    /// a range of indices into `leaves`: leaves are in document order and a
    /// subtree is a range of node ids.
    pub fn leaves_in(&self, page: &Page, id: NodeId) -> std::ops::Range<usize> {
        let end = page.subtree_end(id);
        self.leaves.partition_point(|l| l.id < id)..self.leaves.partition_point(|l| l.id < end)
    }

    /// The index in `leaves` of the leaf whose content node `id` is part
    /// of (the leaf element itself included), if any (none for an id past
    /// the page's nodes).
    #[inline]
    pub fn leaf_of(&self, id: NodeId) -> Option<u32> {
        self.leaf_index.get(id).copied().filter(|&l| l != NONE)
    }

    /// Whether node `id` is an inline-level (row) element or a text node.
    #[inline]
    pub fn is_inline(&self, id: NodeId) -> bool {
        self.block[id] == NONE
    }

    /// The slot of node `id` among the blocks (the nodes not inline, in
    /// document order: [`Segmentation::blocks`] of them), None for an
    /// inline node. A leaf's holder is a block, and so is a block's
    /// parent: sums of leaves up the tree need one cell per block, not per
    /// node.
    #[inline]
    pub fn block(&self, id: NodeId) -> Option<usize> {
        match self.block.get(id) {
            Some(&b) if b != NONE => Some(b as usize),
            _ => None,
        }
    }

    /// The number of blocks.
    pub fn blocks(&self) -> usize {
        self.block_sums.len()
    }

    /// Each block with a parent block, as (block slot, its parent's slot),
    /// from the last block to the first: blocks are in document order, so
    /// every block comes before its parent, as in a loop over the nodes
    /// from the last (pre-order arena). Per-block sums of leaves go up the
    /// tree through it (an inline node's are 0, [`Segmentation::at_block`]):
    /// fewer steps than over every node, and one cell a block, not a node
    /// (on the 1,000,000-element bench page 500,000 blocks of 1,487,941
    /// nodes; `tests/eval/SPEED.md`, 2026-11-30).
    pub fn blocks_up(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        blocks_up(&self.block_parent)
    }

    /// Node `id`'s value in `values`, one per block: the default (0) for
    /// an inline node, whose sums of leaves are 0.
    #[inline]
    pub fn at_block<T: Copy + Default>(&self, values: &[T], id: NodeId) -> T {
        self.block(id).map_or_else(T::default, |b| values[b])
    }

    /// Sums over node `id`'s subtree (leaves are counted at their holder,
    /// so an anonymous leaf counts in its parent block).
    #[inline]
    pub fn sums(&self, id: NodeId) -> Sums {
        match self.block[id] {
            NONE => Sums::default(),
            b => self.block_sums[b as usize],
        }
    }
}

/// [`Segmentation::blocks_up`] over each block's parent slot.
fn blocks_up(block_parent: &[u32]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..block_parent.len()).rev().filter_map(|b| match block_parent[b] {
        NONE => None,
        p => Some((b, p as usize)),
    })
}

/// Cuts `page` into leaves.
pub fn segment(page: &Page) -> Segmentation {
    let n = page.nodes.len();
    // Bottom-up: inline-level elements holding only inline content.
    let mut inline = vec![false; n];
    for id in (0..n).rev() {
        match page.element(id) {
            None => inline[id] = true,
            Some(e) => {
                // `display: contents` has no box: it is inline exactly when
                // its content is (its children lay out in its parent).
                inline[id] = e.lays_out_inline() && page.children(id).iter().all(|&c| inline[c]);
            }
        }
    }
    let mut in_link = vec![false; n];
    for id in 0..n {
        if let Some(p) = page.nodes[id].parent() {
            in_link[id] = in_link[p];
        }
        in_link[id] |= page.is_link(id);
    }

    let mut block = vec![NONE; n];
    let mut blocks = 0u32;
    for (b, &i) in block.iter_mut().zip(&inline) {
        if !i {
            *b = blocks;
            blocks += 1;
        }
    }
    drop(inline);
    let mut block_parent = vec![NONE; blocks as usize];
    for (&b, node) in block.iter().zip(&page.nodes) {
        match (b, node.parent()) {
            (NONE, _) | (_, None) => {}
            (b, Some(p)) => block_parent[b as usize] = block[p],
        }
    }
    // Each leaf holds a text node: room for as many leaves as the page has
    // text nodes, the rest given back below. Grown by doubling, the leaves
    // took 29 MB at once for 27 on the 1,000,000-element bench page, after
    // blocks of 15, 7 and 4 MB (`tests/eval/SPEED.md`, 2026-11-30).
    let texts = page.nodes.len() - page.element_count();
    let mut seg = Segmentation {
        leaves: Vec::with_capacity(texts),
        leaf_index: vec![NONE; n],
        block,
        block_sums: vec![Sums::default(); blocks as usize],
        block_parent,
    };
    for id in 0..n {
        if seg.is_inline(id) || seg.leaf_index[id] != NONE || page.element(id).is_none() {
            continue;
        }
        let children = page.children(id);
        // A leaf itself: measured as a top leaf of its parent.
        if id != 0 && children.iter().all(|&c| seg.is_inline(c)) {
            continue;
        }
        // The current run of inline children: from `run` to `k`.
        let mut run = 0;
        for (k, &c) in children.iter().enumerate() {
            if seg.is_inline(c) {
                continue;
            }
            if run < k {
                push_leaf(page, &mut seg, &in_link, id, run..k, false);
            }
            run = k + 1;
            let child_is_leaf = page.children(c).iter().all(|&g| seg.is_inline(g));
            if child_is_leaf && page.element(c).is_some() {
                push_leaf(page, &mut seg, &in_link, id, k..k + 1, true);
            }
        }
        if run < children.len() {
            push_leaf(page, &mut seg, &in_link, id, run..children.len(), false);
        }
    }
    // Leaves were found parent by parent; put them in document order, in
    // place (a second vector of them was the segmentation's peak).
    let ids: Vec<u64> = seg.leaves.iter().map(|l| l.id as u64).collect();
    let mut order = crate::sort::order(&ids);
    drop(ids);
    crate::sort::permute(&mut seg.leaves, &mut order);
    drop(order);
    // Held through the extraction: without the room pushing left (as the
    // page's arena, `Builder::finish`).
    seg.leaves.shrink_to_fit();
    for (index, leaf) in seg.leaves.iter().enumerate() {
        for &top in leaf.nodes(page) {
            for m in page.subtree(top) {
                seg.leaf_index[m] = index as u32;
            }
        }
    }
    // Sums: each leaf at its holder (a block), then up the tree (pre-order
    // arena: children come after their parent; a block's parent is a
    // block).
    for leaf in &seg.leaves {
        let s = &mut seg.block_sums[seg.block[leaf.holder()] as usize];
        s.chars += leaf.chars;
        s.link_chars += leaf.link_chars;
        s.words += leaf.words;
        s.link_words += leaf.link_words;
        s.links += leaf.links;
        s.leaves += 1;
        if leaf.hidden {
            s.hidden_chars += leaf.chars;
        }
    }
    let Segmentation { block_parent, block_sums, .. } = &mut seg;
    for (b, p) in blocks_up(block_parent) {
        let s = block_sums[b];
        block_sums[p].add(&s);
    }
    seg
}

/// Whether text `t`, a leaf's only text node, is the leaf's rendered text
/// as it stands ([`Page::inline_text`] of the leaf gives `t`): single
/// spaces between visible characters, no other whitespace, none of the
/// private-use characters that function drops or uses as marks. `<br>`s
/// around the one text node only make empty lines, which it drops.
fn reads_as_is(t: &str) -> bool {
    let mut space = true;
    for c in t.chars() {
        if c == ' ' {
            if space {
                return false;
            }
            space = true;
        } else if c.is_whitespace() || ('\u{E000}'..='\u{EFFF}').contains(&c) {
            return false;
        } else {
            space = false;
        }
    }
    !space
}

/// Measures a leaf of `parent`'s children `range` and records it, unless
/// it has no visible character.
fn push_leaf(
    page: &Page,
    seg: &mut Segmentation,
    in_link: &[bool],
    parent: NodeId,
    range: std::ops::Range<usize>,
    element: bool,
) {
    let nodes = &page.children(parent)[range.clone()];
    let (mut chars, mut link_chars, mut words, mut link_words, mut links, mut tags) =
        (0u32, 0u32, 0u32, 0u32, 0u32, 0u32);
    let holder = if element { nodes[0] } else { parent };
    let hidden = page.element(holder).is_some_and(|e| e.hidden);
    // The leaf's text nodes: how many, and the last.
    let (mut text_nodes, mut text_node) = (0, 0);
    for &top in nodes {
        let end = page.subtree_end(top);
        let mut m = top;
        while m < end {
            match page.kind(m) {
                NodeKind::Text(t) => {
                    text_nodes += 1;
                    text_node = m;
                    let (c, w) = text::chars_and_words(t);
                    let (c, w) = (c as u32, w as u32);
                    if in_link[m] {
                        link_chars += c;
                        link_words += w;
                    }
                    chars += c;
                    words += w;
                }
                // Hidden text inside a visible leaf is not part of it.
                NodeKind::Element(e) if e.hidden && !hidden => {
                    m = page.subtree_end(m);
                    continue;
                }
                NodeKind::Element(e) => {
                    if page.is_link(m) {
                        links += 1;
                    } else if !VOID_TAGS.contains(&e.tag) {
                        tags += 1;
                    }
                }
            }
            m += 1;
        }
    }
    if chars == 0 {
        return;
    }
    // Marks the leaf's nodes as covered (the final indices are set once the
    // leaves are in document order).
    for &top in nodes {
        for m in page.subtree(top) {
            seg.leaf_index[m] = NONE - 1;
        }
    }
    // One text node that reads as it is rendered is the leaf's text, found
    // without rendering it (most leaves).
    let one = (text_nodes == 1).then(|| page.text(text_node)).flatten();
    let text = if one.is_some_and(reads_as_is) {
        LeafText::Node(text_node as u32)
    } else {
        let text = page.inline_text(nodes.iter().copied(), hidden);
        if one == Some(text.as_str()) {
            LeafText::Node(text_node as u32)
        } else {
            LeafText::Own(text.into_boxed_str())
        }
    };
    seg.leaves.push(Leaf {
        id: nodes[0],
        first: range.start as u32,
        count: range.len() as u32,
        parent,
        element,
        text,
        chars,
        link_chars,
        words,
        link_words,
        links,
        tags,
        hidden,
    });
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::html::parse_document;

    /// A leaf's text, shared with its one text node or its own, is what
    /// the page renders of it, and shared exactly when the node reads so.
    #[test]
    fn leaf_texts_are_rendered_texts_shared_where_they_read_the_same() {
        let page = parse_document(
            "<html><body><p>Plain words</p><p> Leading</p><p>Two  spaces</p><p>Tab\there</p>\
             <p>No\u{a0}break</p><p><br>After a break<br></p><pre>Pre  kept</pre><pre>Pre one</pre>\
             <p>Icon \u{e000}x</p><li><a href='/a'>Link</a></li><p>A <b>b</b></p>\
             <div hidden><p>Tab text</p></div><p>Shown<span hidden>gone</span></p></body></html>",
            "u",
        )
        .unwrap();
        let seg = segment(&page);
        let mut shared = Vec::new();
        for leaf in &seg.leaves {
            let rendered = page.inline_text(leaf.nodes(&page).iter().copied(), leaf.hidden);
            assert_eq!(leaf.text(&page), rendered);
            if matches!(leaf.text, LeafText::Node(_)) {
                shared.push(rendered);
            }
        }
        assert_eq!(shared, ["Plain words", "After a break", "Pre  kept", "Pre one", "Link", "Tab text", "Shown"]);
    }

    #[test]
    fn leaves_anonymous_runs_and_sums() {
        let page = parse_document(
            "<html><body><div>Loose text<p>A <a href='/x'>link</a> here.</p>After<br>more</div>\
             <ul><li>One</li><li><b>Two</b></li></ul><div hidden><p>Tab text</p></div></body></html>",
            "u",
        )
        .unwrap();
        let seg = segment(&page);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text(&page)).collect();
        assert_eq!(texts, ["Loose text", "A link here.", "After\nmore", "One", "Two", "Tab text"]);
        let elements: Vec<bool> = seg.leaves.iter().map(|l| l.element).collect();
        assert_eq!(elements, [false, true, false, true, true, true]);
        let p = &seg.leaves[1];
        assert_eq!((p.chars, p.link_chars, p.words, p.link_words, p.links, p.tags), (10, 4, 3, 1, 1, 1));
        assert!(seg.leaves[5].hidden && !seg.leaves[4].hidden);
        let div = page.children(0)[0];
        // The anonymous leaves count at the div, the <p> under it.
        assert_eq!(seg.sums(div).leaves, 3);
        assert_eq!(seg.sums(div).chars, "Loosetext".len() as u32 + 10 + "Aftermore".len() as u32);
        assert_eq!(seg.sums(0).leaves, 6);
        assert_eq!(seg.sums(0).hidden_chars, 7);
        assert_eq!(seg.leaf_of(p.id + 2), Some(1));
        // Inline nodes (the link, the texts) are no blocks, and sum nothing.
        assert!(seg.is_inline(p.id + 2) && seg.is_inline(p.id + 1) && !seg.is_inline(p.id));
        assert_eq!(seg.sums(p.id + 2), Sums::default());
        assert_eq!(seg.leaf_of(0), None);
    }

    /// As Chromium computes them: a box-less wrapper and a formula (whose
    /// parts compute `block math`) inside a paragraph leave it one leaf; a
    /// display formula is a block of its own.
    #[test]
    fn contents_wrappers_and_formulas_stay_in_their_line() {
        let facts = r##"{"viewportWidth": 1000, "viewportHeight": 800, "nodes": [
            {"parent": -1, "tag": "body", "visual": {"w": 1000, "h": 300, "display": "block"}},
            {"parent": 0, "tag": "p", "visual": {"w": 800, "h": 40, "display": "block"}},
            {"parent": 1, "tag": "#text", "text": "So that "},
            {"parent": 1, "tag": "math", "visual": {"w": 30, "h": 20, "display": "math"}},
            {"parent": 3, "tag": "mi", "visual": {"w": 10, "h": 20, "display": "block math"}},
            {"parent": 4, "tag": "#text", "text": "x"},
            {"parent": 3, "tag": "mo", "visual": {"w": 10, "h": 20, "display": "block math"}},
            {"parent": 6, "tag": "#text", "text": "="},
            {"parent": 1, "tag": "span", "visual": {"display": "contents"}},
            {"parent": 8, "tag": "#text", "text": " wrapped"},
            {"parent": 1, "tag": "#text", "text": " and after."},
            {"parent": 0, "tag": "p", "visual": {"w": 800, "h": 60, "display": "block"}},
            {"parent": 11, "tag": "#text", "text": "Written"},
            {"parent": 11, "tag": "math", "visual": {"w": 800, "h": 20, "display": "block math"}},
            {"parent": 13, "tag": "mi", "visual": {"w": 10, "h": 20, "display": "block math"}},
            {"parent": 14, "tag": "#text", "text": "h"},
            {"parent": 11, "tag": "#text", "text": "and on."}
        ]}"##;
        let page = crate::model::Page::from_facts(crate::model::PageFacts::from_json(facts).unwrap()).unwrap();
        let seg = segment(&page);
        let texts: Vec<&str> = seg.leaves.iter().map(|l| l.text(&page)).collect();
        assert_eq!(texts, ["So that x= wrapped and after.", "Written", "h", "and on."]);
    }
}
