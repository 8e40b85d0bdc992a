//! The article builder: the decision's kept leaves, with the structure they
//! sit in (lists, quotes, tables, figures, definition lists), as typed
//! blocks with inline runs. It reads the decision and the page, nothing
//! else, and never produces markup: the reader builds its DOM from these
//! types (`extension/ui/reader.js`), so no page markup can reach it.
//!
//! How the tree is made:
//! * Every kept leaf becomes a text block (heading, paragraph, code) where
//!   it stands; the elements above kept leaves that carry structure become
//!   structural blocks around them (a list and its items, a quote, a data
//!   table, a figure, a definition list); every other element is
//!   transparent. Order is document order; nothing is moved.
//! * Images are not leaves (they hold no text): an image is kept when it
//!   is not an icon ([`MIN_IMAGE_SIDE_PX`]), is not hidden, and either
//!   sits in a figure inside the decision's root (a `<figure>`, or a
//!   caption box where the page has none: WordPress's `wp-caption`, see
//!   `Builder::caption_box`; before the first kept leaf too: a lead
//!   image), shown with its caption, or lies between the first and last
//!   kept leaf inside the root in a part of the page that holds kept text
//!   (a card of rejected links with its thumbnail is dropped with them).
//! * Tables: a data table (Readability.js's `_isDataTable` rules, see
//!   [`is_data_table`]) keeps the whole of every row that holds kept text,
//!   and its header rows, so the grid stays whole (but for the blocks of a
//!   cell that a rule of the decision judged not content: a signature
//!   under a post in a thread laid out as a table); a layout table is
//!   transparent.
//! * Dropped: the headline and the byline (fields of their own), empty
//!   blocks, a heading repeating the one before it, an image shown before,
//!   links to anything but `http`, `https`, `mailto` (their text stays),
//!   images from anything but `http`, `https` and raster `data:` (see
//!   [`crate::url`]). Hidden leaves reach the article only when the
//!   decision kept them (a closed tab or accordion panel of the content).

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::decision::{first_class, Decision};
use crate::metadata::{self, Metadata};
use crate::model::{NodeId, NodeKind, Page, Tag};
use crate::page_type::PageKind;
use crate::papers::records::Record;
use crate::papers::text_stats::KeyMap;
use crate::papers::Context;
use crate::segment::{Leaf, Segmentation};
use crate::text;
use crate::url;

/// A first heading that the title merely contains is the headline only if
/// it is at least this long (folded characters): short generic headings
/// ("News", "Opinion") occur in many titles. Chosen by hand, not measured.
pub const HEADLINE_MIN_PARTIAL_CHARS: usize = 11;

/// An image narrower or lower than this (CSS pixels, rendered or declared)
/// is an icon, avatar, button or tracking pixel, not a figure: icons are
/// 16–48 px, avatars 32–60 px in common designs. Chosen by hand.
pub const MIN_IMAGE_SIDE_PX: f32 = 64.0;

/// Class or id words of an element that captions the image beside it
/// where the page has no `<figure>` (WordPress's `wp-caption-text`, a
/// theme's `image-caption`, `photo-caption`): see `names_a_caption`.
pub const CAPTION_NAME_WORDS: &[&str] = &["caption", "figcaption"];

/// How many levels above an image its caption box may be: WordPress puts
/// the image in the box (1) or in a link in it (2); chosen by hand, one
/// more for a wrapper.
pub const CAPTION_BOX_LEVELS: usize = 3;

/// The most text leaves a caption box holds (a caption, a credit, a
/// second line); chosen by hand: more is an article's part.
pub const CAPTION_BOX_MAX_LEAVES: usize = 3;

/// Whether `e` is a caption: a `<figcaption>`, or named for one
/// ([`CAPTION_NAME_WORDS`]).
fn names_a_caption(e: &crate::model::Element) -> bool {
    e.tag == Tag::Figcaption || text::names_any(&e.class, e.id(), CAPTION_NAME_WORDS)
}

/// Whether `n` or an ancestor of it below `top` (not `top` itself) is a
/// caption ([`names_a_caption`]), for `n` in `top`'s subtree; false for
/// `n` at or before `top` (an ancestor of it, say). The walk stops at
/// `top`, so it costs the depth within `top`, not the page's.
fn caption_between(page: &Page, mut n: NodeId, top: NodeId) -> bool {
    while n > top {
        if page.element(n).is_some_and(names_a_caption) {
            return true;
        }
        match page.nodes[n].parent() {
            Some(p) => n = p,
            None => return false,
        }
    }
    false
}

/// The widest image candidate worth loading from a `srcset` (width
/// descriptors): the reader's column is at most about 800 CSS px, so twice
/// that serves a 2× display. Larger candidates only cost bandwidth.
pub const READER_IMAGE_MAX_WIDTH_PX: f32 = 1600.0;

/// The highest pixel density worth loading from a `srcset` (`x`
/// descriptors), for the same reason: 2× displays are the common high end.
pub const READER_IMAGE_MAX_DENSITY: f32 = 2.0;

/// Lazy-loading attributes that hold an image's real address while `src`
/// holds a placeholder, and the ones that hold its real `srcset` (the names
/// Readability.js's `_fixLazyImages` looks for; see `READ_ATTRIBUTES`).
pub const LAZY_SRC_ATTRIBUTES: &[&str] = &["data-src", "data-lazy-src", "data-original"];
pub const LAZY_SRCSET_ATTRIBUTES: &[&str] = &["data-srcset"];

/// `<source>` types an image may be taken from in a `<picture>` (raster
/// formats browsers decode; an empty type is read from the address).
pub const SOURCE_IMAGE_TYPES: &[&str] = &["image/webp", "image/avif", "image/jpeg", "image/png", "image/gif"];

/// Readability.js `_isDataTable` (0.6.0, `_markDataTables`): a table with
/// at least this many rows, or more than [`DATA_TABLE_MAX_LAYOUT_COLUMNS`]
/// columns, or more than [`DATA_TABLE_MAX_LAYOUT_CELLS`] cells, is data;
/// smaller ones without data-table markup are layout.
pub const DATA_TABLE_MIN_ROWS: usize = 10;
pub const DATA_TABLE_MAX_LAYOUT_COLUMNS: usize = 4;
pub const DATA_TABLE_MAX_LAYOUT_CELLS: usize = 10;

/// HTML's limits on spans (HTML §4.9.11: `colspan` is clamped to 1000,
/// `rowspan` to 65534).
pub const MAX_COLSPAN: u32 = 1000;
pub const MAX_ROWSPAN: u32 = 65534;

// Repeats: an image whose address came earlier is dropped (a lazy copy
// and its fallback, a gallery's thumbnail and full view), and so is a
// heading repeating the heading just before it (a mobile and a desktop
// copy). Repeated paragraphs stay, even adjacent ones: pages do repeat
// text on purpose, and the readability set's reference texts keep the
// repeats (measured 2026-11-22: dropping paragraphs that repeat an earlier
// one cost 0.03 shingle F1 there).

/// Structural blocks (lists, quotes, tables, figures) nest at most this
/// deep; deeper ones are read as plain containers (their text stays).
/// Real articles nest lists three or four deep; the bound keeps the
/// builder's recursion (and the reader's DOM) shallow on hostile pages.
pub const MAX_NESTING: usize = 32;

/// A block of the article, in reading order. Every block lists the page
/// nodes it came from (`nodes`), for the overlay and speech.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Block {
    /// `level` 1–6, as the page gave it.
    /// `sentences`: the text's sentences as flat UTF-16 ranges
    /// `[start, end, …]` over the rendered inline runs ([`crate::sentences`]).
    Heading { level: u8, inlines: Vec<Inline>, text: String, nodes: Vec<NodeId>, sentences: Vec<u32> },
    /// `role`: what the paragraph is, where it is more than text ([`Role`]).
    Paragraph {
        inlines: Vec<Inline>,
        text: String,
        nodes: Vec<NodeId>,
        sentences: Vec<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        role: Option<Role>,
    },
    List {
        ordered: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        start: Option<i64>,
        items: Vec<ListItem>,
        nodes: Vec<NodeId>,
    },
    Quote { blocks: Vec<Block>, nodes: Vec<NodeId> },
    /// Preformatted text: lines joined by `\n`, spacing kept; `lang` from a
    /// `language-*` / `lang-*` class.
    Code {
        text: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
        nodes: Vec<NodeId>,
    },
    Table { caption: Vec<Inline>, rows: Vec<Row>, nodes: Vec<NodeId> },
    /// `caption_sentences`: the caption's sentences, as a paragraph's.
    Figure {
        images: Vec<Image>,
        caption: Vec<Inline>,
        nodes: Vec<NodeId>,
        #[serde(rename = "captionSentences")]
        caption_sentences: Vec<u32>,
    },
    /// The page's `<hr>` between kept content (not under a heading), or a rule between a forum's
    /// posts, which has no node ([`separate_posts`]).
    Rule { nodes: Vec<NodeId> },
    Definitions { items: Vec<Definition>, nodes: Vec<NodeId> },
}

/// What a paragraph is, where the reader shows it apart from the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    /// A line of a forum post's header: who wrote it (their name, rank or
    /// count of posts) and when ([`separate_posts`]). The reader sets it
    /// small above the post's text; it is read aloud like any paragraph.
    PostHeader,
}

/// An item of a list: its blocks (a paragraph, nested lists…).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListItem {
    pub blocks: Vec<Block>,
    pub nodes: Vec<NodeId>,
}

/// A table row; `head`: in `<thead>`, or all its cells are `<th>`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub head: bool,
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// A `<th>`.
    pub header: bool,
    pub colspan: u32,
    pub rowspan: u32,
    pub inlines: Vec<Inline>,
    pub text: String,
    /// The cell's sentences, as a paragraph's ([`crate::sentences`]).
    pub sentences: Vec<u32>,
}

/// An image: an absolute address the reader may load ([`url::image`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Image {
    pub src: String,
    pub alt: String,
    /// Declared (`width`/`height` attributes) or rendered size, CSS pixels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
}

/// A term and its details, from a `<dl>`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Definition {
    pub term: Vec<Inline>,
    pub details: Vec<Vec<Inline>>,
}

/// A run of inline content.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Inline {
    Text { text: String },
    /// `href`: absolute, `http`, `https` or `mailto` ([`url::link`]).
    Link { href: String, children: Vec<Inline> },
    Emphasis { children: Vec<Inline> },
    Strong { children: Vec<Inline> },
    Code { children: Vec<Inline> },
    Sub { children: Vec<Inline> },
    Sup { children: Vec<Inline> },
    Break,
}

impl Block {
    /// The page nodes the block came from.
    pub fn nodes(&self) -> &[NodeId] {
        match self {
            Block::Heading { nodes, .. }
            | Block::Paragraph { nodes, .. }
            | Block::List { nodes, .. }
            | Block::Quote { nodes, .. }
            | Block::Code { nodes, .. }
            | Block::Table { nodes, .. }
            | Block::Figure { nodes, .. }
            | Block::Rule { nodes }
            | Block::Definitions { nodes, .. } => nodes,
        }
    }

    /// Appends the block's text lines, in reading order (each paragraph,
    /// heading, code block, table cell, caption, term and detail one line;
    /// a code block's own lines as they are).
    pub fn push_lines(&self, out: &mut Vec<String>) {
        let mut push = |s: String| {
            if !s.is_empty() {
                out.push(s)
            }
        };
        match self {
            Block::Heading { text, .. } | Block::Paragraph { text, .. } | Block::Code { text, .. } => {
                push(text.clone())
            }
            Block::List { items, .. } => {
                for item in items {
                    for b in &item.blocks {
                        b.push_lines(out);
                    }
                }
            }
            Block::Quote { blocks, .. } => {
                for b in blocks {
                    b.push_lines(out);
                }
            }
            Block::Table { caption, rows, .. } => {
                push(plain(caption));
                for row in rows {
                    for cell in &row.cells {
                        if !cell.text.is_empty() {
                            out.push(cell.text.clone());
                        }
                    }
                }
            }
            Block::Figure { caption, .. } => push(plain(caption)),
            Block::Rule { .. } => {}
            Block::Definitions { items, .. } => {
                for d in items {
                    let t = plain(&d.term);
                    if !t.is_empty() {
                        out.push(t);
                    }
                    for detail in &d.details {
                        let t = plain(detail);
                        if !t.is_empty() {
                            out.push(t);
                        }
                    }
                }
            }
        }
    }
}

/// The article's text: its blocks' lines joined by newlines (what speech
/// reads, what word counts and the evaluation measure).
pub fn text_of(blocks: &[Block]) -> String {
    let mut lines = Vec::new();
    for b in blocks {
        b.push_lines(&mut lines);
    }
    lines.join("\n")
}

/// The text of inline runs, line breaks as `\n`.
pub fn plain(inlines: &[Inline]) -> String {
    let mut out = String::new();
    fn go(inlines: &[Inline], out: &mut String) {
        for i in inlines {
            match i {
                Inline::Text { text } => out.push_str(text),
                Inline::Break => out.push('\n'),
                Inline::Link { children, .. }
                | Inline::Emphasis { children }
                | Inline::Strong { children }
                | Inline::Code { children }
                | Inline::Sub { children }
                | Inline::Sup { children } => go(children, out),
            }
        }
    }
    go(inlines, &mut out);
    out
}

/// The built article.
#[derive(Debug, Clone, PartialEq)]
pub struct Article {
    pub blocks: Vec<Block>,
}

/// Builds the article from the decision, without the headline and byline
/// (they have fields of their own); on a forum page, with a rule between
/// posts ([`separate_posts`]). Marks the `records` the article shows
/// ([`Record::in_article`]).
pub fn build(cx: &Context, decision: &Decision, meta: &Metadata, kind: PageKind, records: &mut [Record]) -> Article {
    let page = cx.page;
    let seg = cx.seg;
    let mut kept_leaf = vec![false; seg.leaves.len()];
    for &l in &decision.leaves {
        kept_leaf[l] = true;
    }
    // Where images may be: between the first and last kept leaf (the
    // headline included: a lead image sits under it), inside the root.
    let bounds = match (decision.leaves.first(), decision.leaves.last(), decision.root) {
        (Some(&first), Some(&last), Some(root)) => {
            // A leaf's first node is its id.
            let lo = seg.leaves[first].id;
            let hi = seg.leaves[last].nodes(page).last().map_or(lo + 1, |&n| page.subtree_end(n));
            Some((root, lo.max(root), hi.min(page.subtree_end(root))))
        }
        _ => None,
    };
    for l in left_out(cx, decision, meta) {
        kept_leaf[l] = false;
    }
    let mut b = Builder {
        page,
        seg,
        base: page.base(),
        reasons: &decision.reasons,
        kept_leaf,
        has_kept: vec![false; page.nodes.len()],
        images: HashMap::new(),
        caption_boxes: HashSet::new(),
        last_heading: String::new(),
        depth: 0,
    };
    for l in 0..seg.leaves.len() {
        if b.kept_leaf[l] {
            for &n in seg.leaves[l].nodes(page) {
                b.mark(n);
            }
        }
    }
    if let Some((root, lo, hi)) = bounds {
        b.choose_images(root, lo, hi);
    }
    let mut blocks = if seg.leaf_of(0).is_some_and(|l| seg.leaves[l as usize].id == 0) {
        b.contents(0)
    } else {
        b.blocks_of(0)
    };
    drop_repeats(page, &mut blocks);
    if kind == PageKind::Forum {
        blocks = separate_posts(page, seg, &b.has_kept, &b.kept_leaf, blocks);
    }
    mark_records(&b, records);
    crate::sentences::annotate(&mut blocks);
    Article { blocks }
}

/// A paragraph or heading that says again what the block just before it
/// says, from another part of the page (a page's phone and desktop copies
/// of one line, a card's label over its own heading), is shown once: as
/// the heading, where one of the two is. So is a paragraph that says again
/// what the block two before it says, one line between them (a card's
/// title, its brand, then its title again in the card's other layout:
/// held out, `pith-lab held` seed 1, session 47: 48 wcxb-dev pages
/// changed, +0.15 summed, none down by more than 0.02). Two sibling paragraphs (or
/// headings) that say the same are the page's own (a song's refrain, the readability set's
/// repeated "Lorem ipsum" paragraphs, which its truths keep twice).
fn drop_repeats(page: &Page, blocks: &mut Vec<Block>) {
    // A line's text and whether it is a heading.
    fn line(b: &Block) -> Option<(&str, bool)> {
        match b {
            Block::Paragraph { text, .. } => Some((text, false)),
            Block::Heading { text, .. } => Some((text, true)),
            _ => None,
        }
    }
    let parent = |b: &Block| b.nodes().first().and_then(|&n| page.nodes.get(n)?.parent());
    // One pass against the last block kept, then one removal pass (a
    // page of 100,000 copies of a line stays linear).
    let mut dropped = vec![false; blocks.len()];
    let repeat = |kept: &Block, block: &Block| match (line(kept), line(block)) {
        (Some((a, a_heading)), Some((b, b_heading))) => a == b && (a_heading != b_heading || parent(kept) != parent(block)),
        _ => false,
    };
    // The last block kept and the one kept before it.
    let (mut last, mut before) = (0, None::<usize>);
    for k in 1..blocks.len() {
        let block = &blocks[k];
        let repeats = repeat(&blocks[last], block);
        let is_heading = line(block).is_some_and(|(_, h)| h);
        // Of the two, the heading stays. A repeat of the block before the
        // last one goes too (one line between them: a card's title, its
        // brand, its title again in its other layout).
        if !is_heading && (repeats || before.is_some_and(|b| repeat(&blocks[b], block))) {
            dropped[k] = true;
        } else {
            dropped[last] |= repeats;
            before = Some(last);
            last = k;
        }
    }
    let mut k = 0;
    blocks.retain(|_| {
        k += 1;
        !dropped[k - 1]
    });
}

/// Sets each record's [`Record::in_article`] from what the builder kept.
fn mark_records(b: &Builder, records: &mut [Record]) {
    // A record's node is shown where it holds kept content or is part of
    // a kept leaf (a label `<span>` inside a kept line).
    let shown = |n: NodeId| {
        b.has_kept.get(n).copied().unwrap_or(false) || b.seg.leaf_of(n).is_some_and(|l| b.kept_leaf[l as usize])
    };
    for r in records.iter_mut() {
        r.in_article = !r.nodes.is_empty() && r.nodes.iter().all(|&n| shown(n));
    }
    // A pair the article shows elsewhere is shown too (a requirements
    // table's "Network: Broadband" repeated per system, the repeats
    // dropped as repeats).
    // By a hash of the pair, then compared (the text-statistics paper's
    // map: a set of string pairs cost 3 KB of wasm); 0xff, never in UTF-8,
    // parts name from value.
    use crate::cues::vocabulary::{fnv, FNV_OFFSET};
    let key = |r: &Record| fnv(fnv(fnv(FNV_OFFSET, r.name.as_bytes()), &[0xff]), r.value.as_bytes());
    let mut shown_pairs = KeyMap::default();
    for (i, r) in records.iter().enumerate() {
        if r.in_article {
            shown_pairs.entry(key(r)).or_insert(i as u32);
        }
    }
    for i in 0..records.len() {
        if let Some(&j) = shown_pairs.get(&key(&records[i])).filter(|_| !records[i].in_article) {
            let (a, b) = (&records[i], &records[j as usize]);
            records[i].in_article = a.name == b.name && a.value == b.value;
        }
    }
}

/// On a forum page, a rule between posts: the reader shows a thread's
/// posts one after another, and without a line between them one post's
/// last paragraph runs into the next one's first. The posts are the
/// decision's ([`crate::decision::post_group`]: the page's largest group
/// of sibling elements with the same tag and first class name that each
/// hold kept content and at least two leaves; a question's answers, a
/// thread's replies), each also holding the start of one of the
/// article's blocks (not the rows of one table); a top-level block belongs
/// to the group's member it is in, or to none (the question above its
/// answers), and where that changes from one block to the next a rule goes
/// between them, unless one is there; above the headings that end the
/// blocks before, when they do (a heading titles what follows it, not
/// what it follows). Rules carry no text: the article's
/// text, its words and its sentences are unchanged (`./build.sh eval`).
#[inline(never)]
fn separate_posts(page: &Page, seg: &Segmentation, has_kept: &[bool], kept_leaf: &[bool], blocks: Vec<Block>) -> Vec<Block> {
    let n = page.nodes.len();
    // The blocks' first nodes at or before each node, so whether a
    // subtree holds one is a difference (node ids are in document order,
    // a subtree a range): a post holds a block's start (the rows of one
    // table, the items of one list are in one block).
    let mut block_starts = vec![0u32; n + 1];
    for block in &blocks {
        if let Some(&first) = block.nodes().first().filter(|&&f| f < n) {
            block_starts[first + 1] += 1;
        }
    }
    for i in 0..n {
        block_starts[i + 1] += block_starts[i];
    }
    let holds_block = |id: NodeId| block_starts[page.subtree_end(id).min(n)] > block_starts[id];
    let group = crate::decision::post_group(page, seg, has_kept, &holds_block);
    let Some(posts) = group.or_else(|| Some(vec![lone_reply(page, seg, has_kept, kept_leaf, &holds_block)?])) else {
        return blocks;
    };
    let (Some(e), Some(group_parent)) = (page.element(posts[0]), page.nodes[posts[0]].parent()) else { return blocks };
    let (tag, class) = (e.tag, first_class(&e.class));
    // A node's post: the child of the group's parent whose subtree holds
    // it (children are in document order), if it has the posts' tag and
    // class (a one-line reply too).
    let children = page.children(group_parent);
    let post_of = |id: NodeId| {
        let c = *children.get(children.partition_point(|&c| c <= id).checked_sub(1)?)?;
        let e = page.element(c)?;
        (id < page.subtree_end(c) && e.tag == tag && first_class(&e.class) == class).then_some(c)
    };
    let posts: Vec<Option<NodeId>> = blocks.iter().map(|b| b.nodes().first().and_then(|&id| post_of(id))).collect();
    let (blocks, posts) = mark_post_headers(blocks, posts);
    let mut out = Vec::with_capacity(blocks.len());
    let mut last: Option<Option<NodeId>> = None;
    for (block, here) in blocks.into_iter().zip(posts) {
        let is_rule = matches!(block, Block::Rule { .. });
        if !is_rule && last.is_some_and(|p| p != here) && !matches!(out.last(), Some(Block::Rule { .. })) {
            rule_between_posts(&mut out);
        }
        if !is_rule {
            last = Some(here);
        }
        out.push(block);
    }
    out
}

/// Puts the rule between the blocks so far (`out`, one post's last) and
/// the next post's. No node: the rule is between posts, not one of the
/// page's (the overlay outlines no block for it). Headings that end the
/// blocks so far title what follows ("Comments" over a post's comments, a
/// contributor's name over their list): the rule goes above them, or
/// nowhere when a rule or the article's start is there; under a post's
/// header they are that post's own title, and it goes below.
fn rule_between_posts(out: &mut Vec<Block>) {
    let at = out.len() - out.iter().rev().take_while(|b| matches!(b, Block::Heading { .. })).count();
    match at.checked_sub(1).map(|i| &out[i]) {
        _ if at == out.len() => out.push(Block::Rule { nodes: Vec::new() }),
        Some(Block::Paragraph { role: Some(Role::PostHeader), .. }) => out.push(Block::Rule { nodes: Vec::new() }),
        None | Some(Block::Rule { .. }) => {}
        Some(_) => out.insert(at, Block::Rule { nodes: Vec::new() }),
    }
}

/// A question and its one answer, a post and its one reply: no group of
/// posts ([`crate::decision::post_group`] wants two), but the kept
/// content, followed down from the page's root while one child holds it
/// all, splits into exactly two elements, each with at least
/// [`crate::decision::POST_MIN_LEAVES`] leaves and a kept line longer
/// than a header's ([`crate::decision::POST_HEADER_MAX_WORDS`]: not the
/// member's name beside a lone post's text). Returns the second, the
/// reply: the reader puts a rule before it.
fn lone_reply(page: &Page, seg: &Segmentation, has_kept: &[bool], kept_leaf: &[bool], holds: &dyn Fn(NodeId) -> bool) -> Option<NodeId> {
    let texty = |c: NodeId| {
        page.element(c).is_some()
            && seg.sums(c).leaves >= crate::decision::POST_MIN_LEAVES
            && seg
                .leaves_in(page, c)
                .any(|l| kept_leaf[l] && seg.leaves[l].words > crate::decision::POST_HEADER_MAX_WORDS)
    };
    let mut n = 0;
    loop {
        let mut holding = page.children(n).iter().copied().filter(|&c| has_kept[c] && holds(c));
        let first = holding.next()?;
        match (holding.next(), holding.next()) {
            (None, _) => n = first,
            (Some(second), None) => return (texty(first) && texty(second)).then_some(second),
            _ => return None,
        }
    }
}

/// Who wrote a thread, where nothing else names its author: the first line
/// of the first post's header ([`Role::PostHeader`]) that reads as a name
/// ([`crate::metadata::tidy_byline`]), not as a date or an update's line
/// ([`crate::metadata::reads_as_date`], separators before it aside). wcxb-dev's threads name their first post's author as the byline;
/// 21 of 104 had none (session 43).
pub fn first_post_author(blocks: &[Block]) -> Option<String> {
    let is_header = |b: &Block| matches!(b, Block::Paragraph { role: Some(Role::PostHeader), .. });
    let first = blocks.iter().position(is_header)?;
    blocks[first..].iter().take_while(|b| is_header(b)).find_map(|b| match b {
        // A line that says when ("Jul 18, 2024", "· Updated 7mo") names no one.
        Block::Paragraph { text, .. } if !crate::metadata::reads_as_date(text.trim_start_matches(|c: char| !c.is_alphanumeric())) => {
            crate::metadata::tidy_byline(text)
        }
        _ => None,
    })
}

/// The header lines of each post ([`Role::PostHeader`]): in the blocks a
/// post opens with (`posts`: each block's post, as [`separate_posts`]
/// finds it), its first lines of at most
/// [`crate::decision::POST_HEADER_MAX_WORDS`] words, up to the last of
/// them that links to a member's page ([`crate::decision::links_to_member`])
/// or dates the post ([`crate::decision::dates_a_post`]: "Posted 3 hours
/// ago", "#2 · Yesterday at 9:14 PM"), when the post has more after them:
/// a post of short lines alone is all text ("Thanks, that fixed it." over
/// nothing is a reply, not a header), and a short line after the date is
/// the post's own. A line is a paragraph, a heading that links to a
/// member (XenForo's `<h4>` of the poster's name: not a section of the
/// post, whose own title links nowhere) or a short one under such a line
/// (their title, an `<h5>`), or a list of at most
/// [`POST_HEADER_MAX_ITEMS`] such lines (XenForo's attribution list of
/// the date and the post's number; a paragraph of such lines, broken, the
/// same), its items' lists counted as lines too
/// (Invision Community's author pane: the name's heading, "Members", a
/// list of the post count alone, the day they joined); headings and lists
/// become paragraphs, one a line, with the same text (the reader sets them
/// small, not as a heading of the thread nor as a bulleted list). A line
/// said again in the same post's header (a phone layout's name and date
/// over the desktop's, both on the page), or said with more ("Posted
/// August 26 (edited)"), is shown once ([`say_once`]). Which lines the decision
/// keeps is its business ([`crate::decision::post_headers`]); this says
/// which of the kept ones the reader should set apart, whichever rule or
/// model kept them. Returns the blocks and each one's post.
fn mark_post_headers(blocks: Vec<Block>, posts: Vec<Option<NodeId>>) -> (Vec<Block>, Vec<Option<NodeId>>) {
    let short = |text: &str| text.split_whitespace().count() <= crate::decision::POST_HEADER_MAX_WORDS as usize;
    // What a block is as a header: not one (None), or its lines and
    // whether one of them says who or when.
    let as_header = |block: &Block| -> Option<bool> {
        match block {
            // A paragraph of short lines (MyBB's "Posts: 96", "Threads:
            // 11", "Joined: Feb 2011" under the name, one block with line
            // breaks) is as many lines.
            Block::Paragraph { text, inlines, .. }
                if short(text) || (text.lines().count() <= POST_HEADER_MAX_ITEMS && text.lines().all(&short)) =>
            {
                Some(header_line(text, inlines))
            }
            Block::Heading { text, inlines, .. } => short(text).then(|| inlines_link_to_member(inlines)),
            Block::List { items, .. } => {
                let (mut lines, mut any) = (0, false);
                header_list(items, &short, &mut lines, &mut any).then_some(any)
            }
            // An avatar among the header's lines (its picture, no caption)
            // stays a figure.
            Block::Figure { caption, .. } if caption.is_empty() => Some(false),
            _ => None,
        }
    };
    let mut header = vec![false; blocks.len()];
    let mut dropped = vec![false; blocks.len()];
    let mut start = 0;
    while start < blocks.len() {
        let post = posts[start];
        let end = start + posts[start..].iter().take_while(|&&p| p == post).count();
        // The thread's first post, when the group leaves it out (its own
        // class: "message--first"), opens the article.
        if post.is_some() || start == 0 {
            let mut last_header = None;
            for k in start..end {
                match as_header(&blocks[k]) {
                    None => break,
                    Some(true) => last_header = Some(k),
                    // A heading that says neither who nor when is the
                    // post's title, unless under the name (XenForo's
                    // `<h5>` of the member's title).
                    Some(false) if last_header.is_none() && matches!(blocks[k], Block::Heading { .. }) => break,
                    Some(false) => {}
                }
            }
            // The member's title as a heading under the last line ("ada"
            // over "Apprentice" with no date kept) is the header's too.
            while let Some(h) = last_header.filter(|&h| h + 2 < end) {
                match &blocks[h + 1] {
                    Block::Heading { text, inlines, .. } if short(text) && !inlines_link_to_member(inlines) => {
                        last_header = Some(h + 1)
                    }
                    _ => break,
                }
            }
            if let Some(h) = last_header.filter(|&h| h + 1 < end) {
                header[start..=h].fill(true);
            }
            // A letter avatar (XenForo's "R" over "ridwan123", both
            // linking to the member) is left out: the name says it.
            for k in start..last_header.unwrap_or(start) {
                if let (Block::Paragraph { text, inlines, .. }, Some(next)) = (&blocks[k], match &blocks[k + 1] {
                    Block::Paragraph { text, .. } | Block::Heading { text, .. } => Some(text),
                    _ => None,
                }) {
                    let mut chars = text.chars();
                    if let (Some(c), None) = (chars.next(), chars.next()) {
                        let initial = next.chars().next().is_some_and(|n| n.to_lowercase().eq(c.to_lowercase()));
                        dropped[k] = header[k] && c.is_alphanumeric() && initial && inlines_link_to_member(inlines);
                    }
                }
            }
        }
        start = end;
    }
    if !header.contains(&true) {
        return (blocks, posts);
    }
    let mut out = Vec::with_capacity(blocks.len());
    let mut out_posts = Vec::with_capacity(posts.len());
    let mut push = |block: Block, post: Option<NodeId>| {
        out.push(block);
        out_posts.push(post);
    };
    // The lines of the header being gathered, and its post: each line is
    // shown once, when the header ends.
    let mut lines = Vec::new();
    let mut header_post: Option<Option<NodeId>> = None;
    for (((block, post), is_header), dropped) in blocks.into_iter().zip(posts).zip(header).zip(dropped) {
        if dropped {
            continue;
        }
        if is_header && header_post == Some(post) {
            header_lines(block, &mut lines);
            continue;
        }
        if let Some(p) = header_post.take() {
            say_once(&mut lines);
            for line in lines.drain(..) {
                push(line, p);
            }
        }
        if is_header {
            header_post = Some(post);
            header_lines(block, &mut lines);
        } else {
            push(block, post);
        }
    }
    if let Some(p) = header_post {
        say_once(&mut lines);
        for line in lines {
            push(line, p);
        }
    }
    (out, out_posts)
}

/// Whether a list is a post's header lines (see [`mark_post_headers`]):
/// each item one short paragraph, one short heading, or a list that is
/// too, at most [`POST_HEADER_MAX_ITEMS`] lines in all; `any` is set where
/// one of them says who or when, and `lines` counts them.
fn header_list(items: &[ListItem], short: &dyn Fn(&str) -> bool, lines: &mut usize, any: &mut bool) -> bool {
    items.iter().all(|item| {
        let says = match item.blocks.as_slice() {
            [Block::List { items, .. }] => return header_list(items, short, lines, any),
            [Block::Paragraph { text, inlines, .. }] if short(text) => header_line(text, inlines),
            [Block::Heading { text, inlines, .. }] if short(text) => inlines_link_to_member(inlines),
            _ => return false,
        };
        *any |= says;
        *lines += 1;
        *lines <= POST_HEADER_MAX_ITEMS
    })
}

/// A header block as its lines: paragraphs set as a post's header (a
/// heading's text, a list's items', depth first), other blocks (an
/// avatar) as they are.
fn header_lines(block: Block, out: &mut Vec<Block>) {
    match block {
        Block::Heading { inlines, text, nodes, sentences, .. } | Block::Paragraph { inlines, text, nodes, sentences, .. } => {
            out.push(Block::Paragraph { inlines, text, nodes, sentences, role: Some(Role::PostHeader) })
        }
        Block::List { items, .. } => {
            for block in items.into_iter().flat_map(|item| item.blocks) {
                header_lines(block, out);
            }
        }
        other => out.push(other),
    }
}

/// A post's header lines (see [`mark_post_headers`]), each said once: a
/// line said before in the header is left out (a phone layout's name and
/// date over the desktop's, both on the page), and so is one that another
/// line says and more ("Posted August 26" beside "Posted August 26
/// (edited)", a name beside the name and the member's group: the fuller
/// line stays where it is). Other blocks (an avatar) stay. A header of
/// more than [`SAY_ONCE_MAX_LINES`] lines is left as it is: each line is
/// compared with every other, and no header is that long.
fn say_once(lines: &mut Vec<Block>) {
    if lines.len() > SAY_ONCE_MAX_LINES {
        return;
    }
    fn text(b: &Block) -> Option<&str> {
        match b {
            Block::Paragraph { text, .. } => Some(text.trim()),
            _ => None,
        }
    }
    let said: Vec<bool> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            text(line).is_some_and(|t| {
                lines.iter().enumerate().any(|(j, other)| {
                    text(other).is_some_and(|o| (o == t && j < i) || says_more(o, t))
                })
            })
        })
        .collect();
    let mut said = said.into_iter();
    lines.retain(|_| !said.next().unwrap_or(false));
}

/// See [`say_once`]: the most lines of one post's header it compares
/// line by line. The longest header over wcxb-dev's 113 threads has 5
/// lines (native sweep, 2026-12-01); the bound keeps a page that marks
/// thousands of lines as one header from a quadratic step.
pub const SAY_ONCE_MAX_LINES: usize = 64;

/// Whether `line` opens `longer` and `longer` goes on past a word's end
/// ("Posted August 26 (edited)" says "Posted August 26" and more; "Anna"
/// does not say "Ann").
fn says_more(longer: &str, line: &str) -> bool {
    !line.is_empty()
        && longer.len() > line.len()
        && longer.starts_with(line)
        && !longer[line.len()..].starts_with(char::is_alphanumeric)
}

/// See [`mark_post_headers`]: a post's header is a list of at most this
/// many lines (XenForo's attribution list: the date, the post's number,
/// "Share", a bookmark; Invision Community's author pane: "Members", the
/// post count, the day they joined; a longer list is the post's own).
pub const POST_HEADER_MAX_ITEMS: usize = 4;

/// Whether a post's header line says who or when: it dates the post or
/// links to a member.
#[inline(never)]
fn header_line(text: &str, inlines: &[Inline]) -> bool {
    crate::decision::dates_a_post(text) || inlines_link_to_member(inlines)
}

/// Whether any link among `inlines` goes to a member's page, other than
/// a mention ("Hi @nathan", a reply's first words: the link's text opens
/// with `@`).
fn inlines_link_to_member(inlines: &[Inline]) -> bool {
    inlines.iter().any(|i| match i {
        Inline::Link { href, children } => {
            (crate::decision::links_to_member(href) && !crate::decision::is_mention(&plain(children)))
                || inlines_link_to_member(children)
        }
        Inline::Emphasis { children }
        | Inline::Strong { children }
        | Inline::Code { children }
        | Inline::Sub { children }
        | Inline::Sup { children } => inlines_link_to_member(children),
        Inline::Text { .. } | Inline::Break => false,
    })
}

/// The kept leaves left out of the blocks: the headline (the first heading
/// among the first three kept leaves, when it repeats the title, or is
/// (or is inside) the heading the metadata's headline was taken from,
/// [`metadata::page_heading`]: the reader shows it once, above the text)
/// and the byline's leaves.
fn left_out(cx: &Context, decision: &Decision, meta: &Metadata) -> Vec<usize> {
    let page = cx.page;
    let seg = cx.seg;
    let mut out = Vec::new();
    let title_key = text::fold_for_compare(&meta.title);
    let first_heading = decision
        .leaves
        .iter()
        .filter(|&&l| !seg.leaves[l].text(page).is_empty())
        .take(3)
        .find(|&&l| page.tag(seg.leaves[l].holder()).is_some_and(|t| t.heading_level().is_some()));
    if let Some(&l) = first_heading {
        let k = text::fold_for_compare(seg.leaves[l].text(page));
        let is_headline = (!title_key.is_empty()
            && (k == title_key || (k.chars().count() >= HEADLINE_MIN_PARTIAL_CHARS && title_key.contains(&k))))
            || (!k.is_empty() && k == text::fold_for_compare(&meta.headline))
            || meta.headline_node.is_some_and(|h| page.contains(h, seg.leaves[l].holder()));
        if is_headline {
            out.push(l);
        }
    }
    if let Some(by) = meta.byline_node {
        for &l in &decision.leaves {
            let leaf = &seg.leaves[l];
            let short = leaf.text(page).chars().count() < metadata::MAX_BYLINE_CHARS;
            let inside_byline = leaf.nodes(page).iter().any(|&n| page.contains(by, n));
            let holds_byline = leaf.nodes(page).iter().any(|&n| page.contains(n, by));
            if inside_byline || (holds_byline && short) {
                out.push(l);
            }
        }
    }
    out
}

struct Builder<'a> {
    page: &'a Page,
    seg: &'a Segmentation,
    base: &'a str,
    kept_leaf: Vec<bool>,
    /// The decision's reason per leaf: a data table's cell of several
    /// leaves leaves out those a rule judged not content (a signature, a
    /// post's counter, a control:
    /// [`crate::decision::Reason::ruled_not_content`]).
    reasons: &'a [crate::decision::Reason],
    /// Per node: a kept leaf or kept image at or under it.
    has_kept: Vec<bool>,
    /// Kept images, by node.
    images: HashMap<NodeId, Image>,
    /// Elements that hold kept images and their caption where the page has
    /// no `<figure>` ([`Builder::caption_box`]): built as figures.
    caption_boxes: HashSet<NodeId>,
    /// The folded text of the last heading, for repeats.
    last_heading: String,
    /// Structural blocks open around the one being built.
    depth: usize,
}

/// What an inline element becomes.
#[derive(Debug, Clone)]
enum Wrap {
    Link(String),
    Emphasis,
    Strong,
    Code,
    Sub,
    Sup,
}

#[derive(Debug, Clone)]
enum Tok {
    Open(Wrap),
    Close,
    Text(String),
    Break,
}

impl<'a> Builder<'a> {
    /// Marks `n` and its ancestors as leading to kept content.
    fn mark(&mut self, mut n: NodeId) {
        loop {
            if self.has_kept[n] {
                return;
            }
            self.has_kept[n] = true;
            match self.page.nodes[n].parent() {
                Some(p) => n = p,
                None => return,
            }
        }
    }

    fn leaf_at(&self, n: NodeId) -> Option<(usize, &'a Leaf)> {
        let l = self.seg.leaf_of(n)? as usize;
        let leaf = &self.seg.leaves[l];
        (leaf.id == n).then_some((l, leaf))
    }

    fn tag(&self, n: NodeId) -> Option<Tag> {
        self.page.tag(n)
    }

    /// Whether a kept leaf lies under `n` (images not counted).
    fn has_kept_leaf_under(&self, n: NodeId) -> bool {
        self.leaves_under(n).any(|l| self.kept_leaf[l])
    }

    /// Indices of the leaves whose first node lies in `n`'s subtree.
    fn leaves_under(&self, n: NodeId) -> std::ops::Range<usize> {
        self.seg.leaves_in(self.page, n)
    }

    /// Picks the images worth showing (see the module docs): in figures
    /// from `root` to `hi`, elsewhere from `lo` (the first kept leaf) to
    /// `hi` (the end of the last); marks the way to them.
    fn choose_images(&mut self, root: NodeId, lo: NodeId, hi: NodeId) {
        let mut seen: HashSet<String> = HashSet::new();
        for n in root..hi {
            let Some(e) = self.page.element(n) else { continue };
            // (An image holding text, as facts may give, is read as a container.)
            if e.tag != Tag::Img || e.hidden || e.aria_hidden || self.seg.sums(n).leaves > 0 || self.is_icon(n) {
                continue;
            }
            // A figure (or caption box) in the root before the first kept
            // text is the article's lead image.
            let in_figure = self.page.closest(n, |e| e.tag == Tag::Figure).is_some_and(|f| f >= root);
            let boxed = if in_figure { None } else { self.caption_box(n).filter(|&b| b >= root) };
            let placed = if in_figure || boxed.is_some() {
                true
            } else if n < lo {
                false
            } else if let Some(l) = self.seg.leaf_of(n) {
                self.kept_leaf[l as usize]
            } else {
                // The nearest part of the page that holds text must hold
                // kept text.
                let mut a = n;
                loop {
                    match self.page.nodes[a].parent() {
                        Some(p) => a = p,
                        None => break false,
                    }
                    if self.seg.sums(a).leaves > 0 {
                        break self.has_kept_leaf_under(a);
                    }
                }
            };
            if !placed {
                continue;
            }
            let Some(image) = self.image(n) else { continue };
            if seen.insert(image.src.clone()) {
                self.images.insert(n, image);
                self.mark(n);
                if let Some(b) = boxed {
                    self.caption_boxes.insert(b);
                }
            }
        }
    }

    /// The element that holds image `n` and its caption where the page
    /// has no `<figure>`: WordPress's `<div class="wp-caption"><img><p
    /// class="wp-caption-text">`, a theme's `image-with-caption`. It is the
    /// nearest ancestor within [`CAPTION_BOX_LEVELS`] that holds text, when
    /// all that text ([`CAPTION_BOX_MAX_LEAVES`] leaves at most) lies in
    /// elements named for a caption ([`CAPTION_NAME_WORDS`]) and the
    /// ancestor is not itself a leaf (text beside the image is a
    /// paragraph's, not a caption's). Like a `<figure>`'s, its image is
    /// shown with its caption wherever it stands in the article, whatever
    /// the decision made of the caption.
    fn caption_box(&self, n: NodeId) -> Option<NodeId> {
        let page = self.page;
        let mut a = n;
        for _ in 0..CAPTION_BOX_LEVELS {
            a = page.nodes[a].parent()?;
            let leaves = self.leaves_under(a);
            if leaves.is_empty() {
                continue;
            }
            if leaves.len() > CAPTION_BOX_MAX_LEAVES || self.leaf_at(a).is_some() {
                return None;
            }
            let captioned = |l: usize| caption_between(page, self.seg.leaves[l].holder(), a);
            return leaves.clone().all(captioned).then_some(a);
        }
        None
    }

    /// Whether image `n` is too small to be a figure.
    fn is_icon(&self, n: NodeId) -> bool {
        let Some(e) = self.page.element(n) else { return true };
        if [declared_px(e, "width"), declared_px(e, "height")].into_iter().flatten().any(|v| (v as f32) < MIN_IMAGE_SIDE_PX) {
            return true;
        }
        let lazy = LAZY_SRC_ATTRIBUTES.iter().chain(LAZY_SRCSET_ATTRIBUTES).any(|k| e.attr(k).is_some());
        match &e.visual {
            // A lazy image not loaded yet may have no box: its size is unknown.
            Some(v) if lazy && (v.rect.w == 0.0 || v.rect.h == 0.0) => false,
            Some(v) => v.rect.w < MIN_IMAGE_SIDE_PX || v.rect.h < MIN_IMAGE_SIDE_PX,
            None => false,
        }
    }

    /// Image `n`'s best address, alt text and size.
    fn image(&self, n: NodeId) -> Option<Image> {
        let e = self.page.element(n)?;
        let src = self.image_source(n).or_else(|| self.picture_source(n))?;
        let size = |k: &str| declared_px(e, k).filter(|v| *v >= 1.0).map(|v| v as u32);
        let (mut width, mut height) = (size("width"), size("height"));
        if width.is_none() && height.is_none() {
            if let Some(v) = e.visual.as_ref().filter(|v| v.rect.w >= 1.0 && v.rect.h >= 1.0) {
                width = Some(v.rect.w.round() as u32);
                height = Some(v.rect.h.round() as u32);
            }
        }
        Some(Image { src, alt: text::collapse_whitespace(e.alt()).trim().to_string(), width, height })
    }

    /// From the image's own attributes: a lazy-loading address when `src`
    /// is missing or a placeholder (a `data:` URI), else `srcset`'s best
    /// candidate, else `src`.
    fn image_source(&self, n: NodeId) -> Option<String> {
        let e = self.page.element(n)?;
        let src = e.src().trim();
        let placeholder = src.is_empty() || src.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("data:"));
        let lazy_set = LAZY_SRCSET_ATTRIBUTES.iter().find_map(|k| e.attr(k)).and_then(best_candidate);
        let lazy = LAZY_SRC_ATTRIBUTES.iter().find_map(|k| e.attr(k)).map(str::to_string);
        let set = e.attr("srcset").and_then(best_candidate);
        let ordered: Vec<Option<String>> = if placeholder {
            vec![lazy_set, lazy, set, Some(src.to_string())]
        } else {
            vec![set, Some(src.to_string()), lazy_set, lazy]
        };
        ordered.into_iter().flatten().find_map(|r| url::image(self.base, &r))
    }

    /// From a `<picture>`'s `<source>`s, for an image without a usable
    /// address of its own.
    fn picture_source(&self, n: NodeId) -> Option<String> {
        let parent = self.page.nodes[n].parent()?;
        if self.tag(parent) != Some(Tag::Picture) {
            return None;
        }
        self.page.children(parent).iter().find_map(|&c| {
            let e = self.page.element(c).filter(|e| e.tag == Tag::Source)?;
            let ty = e.attr("type").unwrap_or("").trim().to_ascii_lowercase();
            if !ty.is_empty() && !SOURCE_IMAGE_TYPES.contains(&ty.as_str()) {
                return None;
            }
            let set = e.attr("srcset").or_else(|| e.attr("data-srcset"))?;
            url::image(self.base, &best_candidate(set)?)
        })
    }

    /// The blocks of `n`'s children. Transparent elements (every element
    /// that is no leaf and carries no structure: `div`, `section`, layout
    /// tables…) are walked through with an explicit stack, as pages nest
    /// them thousands deep; only structure recurses, and only
    /// [`MAX_NESTING`] deep.
    fn blocks_of(&mut self, n: NodeId) -> Vec<Block> {
        let page: &'a Page = self.page;
        let mut out = Vec::new();
        // (children, next index, first and last child leading to kept content)
        let frame = |b: &Self, p: NodeId| {
            let children: &'a [NodeId] = page.children(p);
            let first = children.iter().position(|&c| b.has_kept[c]);
            let last = children.iter().rposition(|&c| b.has_kept[c]);
            (children, 0usize, first, last)
        };
        let mut frames = vec![frame(self, n)];
        while let Some(f) = frames.last_mut() {
            let (children, i, first, last) = (f.0, f.1, f.2, f.3);
            if i >= children.len() {
                frames.pop();
                continue;
            }
            let c = children[i];
            f.1 += 1;
            if let Some((l, leaf)) = self.leaf_at(c) {
                if !leaf.element {
                    // An anonymous run: the rest of its nodes, `c`'s next
                    // siblings, follow.
                    f.1 += leaf.nodes(self.page).len() - 1;
                    if self.kept_leaf[l] {
                        self.leaf_blocks(l, &mut out);
                    }
                    continue;
                }
            }
            if self.tag(c) == Some(Tag::Hr) && !self.has_kept[c] {
                // Between kept content, not twice, nor under a heading (a
                // line drawn under a section's title: 9 of 169 kept page
                // rules over every third wcxb-dev page, each one such).
                let between = first.is_some_and(|f| f < i) && last.is_some_and(|l| l > i);
                if between && !matches!(out.last(), Some(Block::Rule { .. } | Block::Heading { .. }) | None) {
                    out.push(Block::Rule { nodes: vec![c] });
                }
                continue;
            }
            if !self.has_kept[c] {
                continue;
            }
            if self.is_transparent(c) {
                frames.push(frame(self, c));
            } else {
                self.own_blocks(c, &mut out);
            }
        }
        out
    }

    /// Whether element `c` gives no block of its own (see [`Self::blocks_of`]).
    fn is_transparent(&self, c: NodeId) -> bool {
        if self.leaf_at(c).is_some_and(|(_, leaf)| leaf.element) || self.images.contains_key(&c) {
            return false;
        }
        if self.depth >= MAX_NESTING {
            return true;
        }
        // A structure is built only when it holds all its kept text where
        // the structure puts text (else that text would be lost).
        let page = self.page;
        let within = |parts: &[Tag]| {
            let ok = |n: NodeId| {
                let part = page.closest(n, |e| parts.contains(&e.tag));
                part.is_some_and(|p| p > c && page.closest(p, |e| e.tag == page.tag(c).unwrap_or(Tag::Other)) == Some(c))
            };
            self.leaves_under(c).filter(|&l| self.kept_leaf[l]).all(|l| ok(self.seg.leaves[l].holder().max(c)))
        };
        match self.tag(c) {
            Some(Tag::Ul | Tag::Ol | Tag::Menu | Tag::Blockquote | Tag::Pre) => false,
            Some(Tag::Dl) => !self.terms_in_groups(c),
            Some(Tag::Table) => !is_data_table(page, c) || !self.cells_in_rows(c),
            Some(Tag::Figure) => {
                !page.subtree(c).any(|n| self.images.contains_key(&n)) || !within(&[Tag::Figcaption])
            }
            _ => !self.caption_boxes.contains(&c),
        }
    }

    /// Whether every kept leaf of `<dl>` `dl` lies in a term or detail that
    /// [`Self::definitions`] reads: a child of `dl`, or of a `<div>` child
    /// (HTML's one wrapper per group). A term elsewhere (under a `<p>`
    /// child, which a random-document property test found) would lose its
    /// text.
    fn terms_in_groups(&self, dl: NodeId) -> bool {
        let page = self.page;
        let is_group = |n: NodeId| n == dl || (page.tag(n) == Some(Tag::Div) && page.nodes[n].parent() == Some(dl));
        self.leaves_under(dl).filter(|&l| self.kept_leaf[l]).all(|l| {
            let holder = self.seg.leaves[l].holder().max(dl);
            page.closest(holder, |e| matches!(e.tag, Tag::Dt | Tag::Dd))
                .is_some_and(|part| part > dl && page.nodes[part].parent().is_some_and(is_group))
        })
    }

    /// Whether every kept leaf of table `t` lies in a cell of one of its own
    /// rows ([`table_rows`]) or in its own caption: the table block holds
    /// only those, so a cell placed elsewhere (a `<th>` straight under
    /// `<table>`, which a random-document property test found, or a nested
    /// table's cell) would lose its text.
    fn cells_in_rows(&self, t: NodeId) -> bool {
        let page = self.page;
        let rows = table_rows(page, t);
        self.leaves_under(t).filter(|&l| self.kept_leaf[l]).all(|l| {
            let holder = self.seg.leaves[l].holder().max(t);
            match page.closest(holder, |e| matches!(e.tag, Tag::Td | Tag::Th | Tag::Caption)) {
                Some(cell) if page.tag(cell) == Some(Tag::Caption) => page.nodes[cell].parent() == Some(t),
                Some(cell) => page.nodes[cell].parent().is_some_and(|r| rows.contains(&r)),
                None => false,
            }
        })
    }

    /// The blocks of element `c`, which leads to kept content.
    fn node_blocks(&mut self, c: NodeId, out: &mut Vec<Block>) {
        if self.is_transparent(c) {
            let inner = self.blocks_of(c);
            out.extend(inner);
        } else {
            self.own_blocks(c, &mut *out);
        }
    }

    /// The blocks of element `c`, which is not transparent: a leaf, an
    /// image or a structure.
    fn own_blocks(&mut self, c: NodeId, out: &mut Vec<Block>) {
        if let Some((l, leaf)) = self.leaf_at(c) {
            if leaf.element {
                if self.kept_leaf[l] {
                    match self.tag(c) {
                        Some(Tag::Blockquote) => {
                            let mut inner = Vec::new();
                            self.leaf_blocks(l, &mut inner);
                            if !inner.is_empty() {
                                out.push(Block::Quote { blocks: inner, nodes: vec![c] });
                            }
                        }
                        _ => self.leaf_blocks(l, out),
                    }
                }
                return;
            }
        }
        if let Some(image) = self.images.get(&c) {
            out.push(Block::Figure { images: vec![image.clone()], caption: Vec::new(), nodes: vec![c], caption_sentences: Vec::new() });
            return;
        }
        self.depth += 1;
        match self.tag(c) {
            Some(Tag::Ul | Tag::Ol | Tag::Menu) => {
                let items = self.list_items(c);
                if !items.is_empty() {
                    let start = match self.tag(c) {
                        Some(Tag::Ol) => self
                            .page
                            .element(c)
                            .and_then(|e| e.attr("start"))
                            .and_then(|s| s.trim().parse::<i64>().ok()),
                        _ => None,
                    };
                    out.push(Block::List { ordered: self.tag(c) == Some(Tag::Ol), start, items, nodes: vec![c] });
                }
            }
            Some(Tag::Blockquote) => {
                let inner = self.blocks_of(c);
                if !inner.is_empty() {
                    out.push(Block::Quote { blocks: inner, nodes: vec![c] });
                }
            }
            Some(Tag::Pre) => {
                let text = self
                    .leaves_under(c)
                    .filter(|&l| self.kept_leaf[l])
                    .map(|l| self.seg.leaves[l].text(self.page).to_string())
                    .collect::<Vec<_>>()
                    .join("\n");
                if !text.is_empty() {
                    out.push(Block::Code { text, lang: self.code_lang(c), nodes: vec![c] });
                }
            }
            Some(Tag::Table) => {
                if let Some(t) = self.table(c) {
                    out.push(t);
                }
            }
            Some(Tag::Figure) => {
                if let Some(f) = self.figure(c) {
                    out.push(f);
                }
            }
            Some(Tag::Dl) => {
                let items = self.definitions(c);
                if !items.is_empty() {
                    out.push(Block::Definitions { items, nodes: vec![c] });
                }
            }
            _ if self.caption_boxes.contains(&c) => {
                if let Some(f) = self.figure(c) {
                    out.push(f);
                }
            }
            _ => {}
        }
        self.depth -= 1;
    }

    /// `c`'s content as blocks: its leaf's when it is one, else its
    /// children's.
    fn contents(&mut self, c: NodeId) -> Vec<Block> {
        if let Some((l, leaf)) = self.leaf_at(c) {
            if leaf.element {
                let mut out = Vec::new();
                if self.kept_leaf[l] {
                    self.leaf_blocks(l, &mut out);
                }
                return out;
            }
        }
        self.blocks_of(c)
    }

    /// A kept leaf's block (heading, code or paragraph), then the images
    /// inside it as figures.
    fn leaf_blocks(&mut self, l: usize, out: &mut Vec<Block>) {
        let leaf = &self.seg.leaves[l];
        let holder = leaf.holder();
        let nodes = leaf.nodes(self.page);
        let in_pre = self.page.closest(holder, |e| e.tag == Tag::Pre);
        if let Some(pre) = in_pre {
            if !leaf.text(self.page).is_empty() {
                out.push(Block::Code { text: leaf.text(self.page).to_string(), lang: self.code_lang(pre), nodes: nodes.to_vec() });
            }
        } else {
            let inlines = self.inlines(leaf);
            let text = plain(&inlines);
            if !text::draws_nothing(&text) {
                match self.tag(holder).and_then(|t| t.heading_level()).filter(|_| leaf.element) {
                    Some(level) => {
                        if !self.is_repeated_heading(&text) {
                            out.push(Block::Heading { level, inlines, text, nodes: nodes.to_vec(), sentences: Vec::new() })
                        }
                    }
                    None if text::separates_only(&text) => {}
                    None => {
                        self.last_heading.clear();
                        out.push(Block::Paragraph { inlines, text, nodes: nodes.to_vec(), sentences: Vec::new(), role: None })
                    }
                }
            }
        }
        for &n in nodes {
            for m in self.page.subtree(n) {
                if let Some(image) = self.images.get(&m) {
                    out.push(Block::Figure { images: vec![image.clone()], caption: Vec::new(), nodes: vec![m], caption_sentences: Vec::new() });
                }
            }
        }
    }

    /// Whether heading `text` repeats the heading just before it;
    /// records it otherwise.
    fn is_repeated_heading(&mut self, text: &str) -> bool {
        let key = text::fold_for_compare(text);
        if !key.is_empty() && key == self.last_heading {
            return true;
        }
        self.last_heading = key;
        false
    }

    fn list_items(&mut self, list: NodeId) -> Vec<ListItem> {
        let mut items = Vec::new();
        let children = self.page.children(list);
        let mut i = 0;
        while i < children.len() {
            let c = children[i];
            i += 1;
            if let Some((l, leaf)) = self.leaf_at(c) {
                if !leaf.element {
                    // The rest of the run: `c`'s next siblings.
                    i += leaf.nodes(self.page).len() - 1;
                    if self.kept_leaf[l] {
                        let mut blocks = Vec::new();
                        self.leaf_blocks(l, &mut blocks);
                        if !blocks.is_empty() {
                            items.push(ListItem { blocks, nodes: leaf.nodes(self.page).to_vec() });
                        }
                    }
                    continue;
                }
            }
            if !self.has_kept[c] {
                continue;
            }
            let blocks = if self.tag(c) == Some(Tag::Li) {
                self.contents(c)
            } else {
                let mut b = Vec::new();
                self.node_blocks(c, &mut b);
                b
            };
            if !blocks.is_empty() {
                items.push(ListItem { blocks, nodes: vec![c] });
            }
        }
        items
    }

    /// A `<pre>`'s language, from a `language-*` or `lang-*` class on it or
    /// its first `<code>` (the convention of highlight.js, Prism and the
    /// HTML standard's own example, HTML §4.5.15).
    fn code_lang(&self, pre: NodeId) -> Option<String> {
        let classes = |n: NodeId| self.page.element(n).map(|e| e.class.clone()).unwrap_or_default();
        let code = self.page.subtree(pre).find(|&n| self.tag(n) == Some(Tag::Code));
        let all = format!("{} {}", classes(pre), code.map(classes).unwrap_or_default());
        all.split_whitespace().find_map(|c| {
            let lower = c.to_ascii_lowercase();
            let lang = lower.strip_prefix("language-").or_else(|| lower.strip_prefix("lang-"))?;
            let ok = !lang.is_empty()
                && lang.len() <= 20
                && lang.chars().all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '+' | '#' | '-'));
            ok.then(|| lang.to_string())
        })
    }

    /// A data table: the rows holding kept text, whole, and the header rows.
    fn table(&mut self, t: NodeId) -> Option<Block> {
        let rows = table_rows(self.page, t);
        let any_body = rows.iter().any(|&r| self.has_kept[r]);
        let mut out = Vec::new();
        for &r in &rows {
            let cells: Vec<NodeId> = self.page
                .children(r)
                .iter()
                .copied()
                .filter(|&c| matches!(self.tag(c), Some(Tag::Td | Tag::Th)))
                .collect();
            let in_head = self.page.nodes[r].parent().and_then(|p| self.tag(p)) == Some(Tag::Thead);
            let head = in_head || (!cells.is_empty() && cells.iter().all(|&c| self.tag(c) == Some(Tag::Th)));
            if !(self.has_kept[r] || (head && any_body)) {
                continue;
            }
            let cells = cells
                .into_iter()
                .map(|c| {
                    let e = self.page.element(c);
                    let span = |k: &str, max: u32| {
                        e.and_then(|e| e.attr(k))
                            .and_then(|v| v.trim().parse::<u32>().ok())
                            .map_or(1, |v| v.clamp(1, max))
                    };
                    let inlines = self.cell_inlines(c);
                    Cell {
                        header: self.tag(c) == Some(Tag::Th),
                        colspan: span("colspan", MAX_COLSPAN),
                        rowspan: span("rowspan", MAX_ROWSPAN),
                        text: plain(&inlines),
                        inlines,
                        sentences: Vec::new(),
                    }
                })
                .collect();
            out.push(Row { head, cells });
        }
        let caption_node = self.page.children(t).iter().copied().find(|&c| self.tag(c) == Some(Tag::Caption));
        let caption = caption_node.map(|c| self.all_inlines(c)).unwrap_or_default();
        if out.is_empty() {
            // No row holds kept text, but the caption may (a table of a
            // caption alone, which a random-document property test found):
            // a table without rows is no table, so the caption is a paragraph.
            let text = plain(&caption);
            return match caption_node {
                Some(c) if self.has_kept[c] && !text.is_empty() => {
                    Some(Block::Paragraph { inlines: caption, text, nodes: vec![c], sentences: Vec::new(), role: None })
                }
                _ => None,
            };
        }
        Some(Block::Table { caption, rows: out, nodes: vec![t] })
    }

    /// A figure with kept images, and its caption (shown with them whatever
    /// the decision made of it: a caption belongs to its image): a
    /// `<figure>`'s `<figcaption>`s, a caption box's elements named for a
    /// caption ([`Builder::caption_box`]).
    fn figure(&mut self, f: NodeId) -> Option<Block> {
        let images: Vec<Image> = self.page.subtree(f).filter_map(|n| self.images.get(&n).cloned()).collect();
        if images.is_empty() {
            return None;
        }
        // Every caption of this figure (HTML allows one, pages write more):
        // one line each.
        let mut caption = Vec::new();
        let boxed = self.caption_boxes.contains(&f);
        let page = self.page;
        let is_caption = |n: NodeId| {
            page.element(n).is_some_and(|e| if boxed { names_a_caption(e) } else { e.tag == Tag::Figcaption })
        };
        for c in page.subtree(f).filter(|&n| n != f && is_caption(n)) {
            // A `<figure>`'s own captions (not a figure's inside it); a
            // box's outermost caption elements.
            let own = if boxed {
                !page.nodes[c].parent().is_some_and(|p| caption_between(page, p, f))
            } else {
                page.closest(c, |e| e.tag == Tag::Figure) == Some(f)
            };
            if !own {
                continue;
            }
            let inlines = self.all_inlines(c);
            if inlines.is_empty() {
                continue;
            }
            if !caption.is_empty() {
                caption.push(Inline::Break);
            }
            caption.extend(inlines);
        }
        Some(Block::Figure { images, caption, nodes: vec![f], caption_sentences: Vec::new() })
    }

    /// A `<dl>` with kept text, whole: every term and detail (as a data
    /// table keeps its grid, a definition list keeps its pairs).
    fn definitions(&mut self, dl: NodeId) -> Vec<Definition> {
        let mut parts = Vec::new();
        for &c in self.page.children(dl) {
            match self.tag(c) {
                // HTML allows one `<div>` around each group.
                Some(Tag::Div) => parts.extend(self.page.children(c).iter().copied()),
                _ => parts.push(c),
            }
        }
        // Each item with whether its term holds kept text.
        let mut items: Vec<(Definition, bool)> = Vec::new();
        // A term waiting for its details.
        let mut term: Option<(Vec<Inline>, bool)> = None;
        for c in parts {
            if self.page.element(c).is_some_and(|e| e.hidden) && !self.has_kept[c] {
                continue;
            }
            match self.tag(c) {
                Some(Tag::Dt) => {
                    // A term after a term (HTML allows several per group, and
                    // pages leave terms without details) is an item of its own.
                    if let Some((t, kept)) = term.replace((self.all_inlines(c), self.has_kept[c])) {
                        items.push((Definition { term: t, details: Vec::new() }, kept));
                    }
                }
                Some(Tag::Dd) => {
                    let detail = self.all_inlines(c);
                    match (term.take(), items.last_mut()) {
                        (Some((t, kept)), _) => items.push((Definition { term: t, details: vec![detail] }, kept)),
                        (None, Some((last, _))) => last.details.push(detail),
                        (None, None) => items.push((Definition { term: Vec::new(), details: vec![detail] }, false)),
                    }
                }
                _ => {}
            }
        }
        if let Some((t, kept)) = term {
            items.push((Definition { term: t, details: Vec::new() }, kept));
        }
        // Pairs without a detail's text are left out (a specification's
        // empty value), unless the decision kept the term's text (a property
        // test found a `<dl>` of one term losing it).
        items
            .into_iter()
            .filter(|(d, term_kept)| {
                d.details.iter().any(|d| !plain(d).is_empty()) || (*term_kept && !plain(&d.term).is_empty())
            })
            .map(|(d, _)| d)
            .collect()
    }

    /// All the text under `n` (a cell, caption, term) as inline runs, its
    /// leaves separated by line breaks: hidden leaves left out unless the
    /// decision kept them (a closed panel's, as [`Self::inlines`]; a
    /// property test found a hidden term's kept text lost).
    fn all_inlines(&self, n: NodeId) -> Vec<Inline> {
        self.inlines_under(n, false)
    }

    /// A data table's cell: [`Self::all_inlines`], but a cell of several
    /// leaves without those a rule of the decision left out. A forum laid
    /// out as a table of posts (a row per post, its header, text and the
    /// member's signature as blocks of one cell) is a data table by size,
    /// whose rows are kept whole; the signature under the post is not the
    /// post. A cell of one leaf stays whole (a table's grid keeps its
    /// values).
    fn cell_inlines(&self, c: NodeId) -> Vec<Inline> {
        self.inlines_under(c, true)
    }

    fn inlines_under(&self, n: NodeId, skip_ruled: bool) -> Vec<Inline> {
        if let Some((_, leaf)) = self.leaf_at(n) {
            if leaf.element {
                return self.inlines(leaf);
            }
        }
        let leaves: Vec<usize> = self.leaves_under(n).collect();
        let skip_ruled = skip_ruled && leaves.len() > 1;
        let mut toks = Vec::new();
        for l in leaves {
            let leaf = &self.seg.leaves[l];
            if leaf.hidden && !self.kept_leaf[l] {
                continue;
            }
            if skip_ruled && !self.kept_leaf[l] && self.reasons.get(l).is_some_and(|r| r.ruled_not_content()) {
                continue;
            }
            if !toks.is_empty() {
                toks.push(Tok::Break);
            }
            for &m in leaf.nodes(self.page) {
                self.tokens(m, leaf.hidden, &mut toks);
            }
        }
        finish(toks)
    }

    /// Inline runs of a leaf's content (a hidden leaf the decision kept,
    /// such as a closed tab's panel, with its hidden text).
    fn inlines(&self, leaf: &Leaf) -> Vec<Inline> {
        let mut toks = Vec::new();
        for &n in leaf.nodes(self.page) {
            self.tokens(n, leaf.hidden, &mut toks);
        }
        finish(toks)
    }

    /// `n`'s subtree as tokens, in document order (an explicit stack:
    /// inline content can nest deeper than a thread's stack).
    fn tokens(&self, n: NodeId, include_hidden: bool, out: &mut Vec<Tok>) {
        // (node, entering); leaving pushes the close of a wrapper.
        let mut stack: Vec<(NodeId, bool)> = vec![(n, true)];
        let mut link_depth = 0usize;
        let mut wrapped: Vec<bool> = Vec::new();
        while let Some((m, entering)) = stack.pop() {
            if !entering {
                if wrapped.pop() == Some(true) {
                    out.push(Tok::Close);
                }
                if self.tag(m) == Some(Tag::A) && link_depth > 0 {
                    link_depth -= 1;
                }
                continue;
            }
            match self.page.kind(m) {
                NodeKind::Text(t) => {
                    // A copy at once where no marker is in it (most
                    // texts): collecting chars regrew the string.
                    let clean: String = if t.contains(['\u{E000}', '\u{E001}']) {
                        t.chars().filter(|&c| c != '\u{E000}' && c != '\u{E001}').collect()
                    } else {
                        t.to_string()
                    };
                    out.push(Tok::Text(clean));
                }
                NodeKind::Element(e) if e.hidden && !include_hidden => {}
                NodeKind::Element(e) => {
                    if e.tag == Tag::Br {
                        out.push(Tok::Break);
                    }
                    let wrap = match e.tag {
                        Tag::A => {
                            let w = if link_depth == 0 {
                                e.href.as_deref().and_then(|h| url::link(self.base, h)).map(Wrap::Link)
                            } else {
                                None
                            };
                            link_depth += 1;
                            w
                        }
                        Tag::Em | Tag::I | Tag::Cite | Tag::Dfn | Tag::Var => Some(Wrap::Emphasis),
                        Tag::Strong | Tag::B => Some(Wrap::Strong),
                        Tag::Code | Tag::Kbd | Tag::Samp | Tag::Tt => Some(Wrap::Code),
                        Tag::Sub => Some(Wrap::Sub),
                        Tag::Sup => Some(Wrap::Sup),
                        _ => None,
                    };
                    wrapped.push(wrap.is_some());
                    if let Some(w) = wrap {
                        out.push(Tok::Open(w));
                    }
                    stack.push((m, false));
                    for &c in self.page.children(m).iter().rev() {
                        stack.push((c, true));
                    }
                }
            }
        }
    }
}

/// Tokens to inline runs: whitespace collapsed as CSS does (one space
/// between words, none at the ends of a line), line breaks kept once
/// (none at the ends), empty wrappers dropped.
fn finish(toks: Vec<Tok>) -> Vec<Inline> {
    // 1. Whitespace.
    let mut collapsed: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut pending_space = false;
    // Where the first wrapper opened since the last text: a space between
    // words goes before it, not inside, whether the page put it before
    // the tag or inside ("said <a>ada</a>", "said<a> ada</a>": "said "
    // and a link "ada", not a link " ada", whose underline would start
    // with the space), once text follows (none at a line's end).
    let mut space_slot: Option<usize> = None;
    let mut at_line_start = true;
    for t in toks {
        match t {
            Tok::Text(s) => {
                let mut out = String::with_capacity(s.len());
                // Visible ASCII a run at a time (`text::pieces`; session
                // 33: `finish` 132 → 108 M instructions, callgrind over
                // `pith-lab profile wcxb-dev --limit 60`).
                for (piece, c) in crate::text::pieces(&s) {
                    if c.is_some_and(char::is_whitespace) {
                        pending_space = !at_line_start;
                        continue;
                    }
                    if std::mem::take(&mut pending_space) {
                        match space_slot {
                            // Only the wrappers opened since are after it.
                            Some(slot) => collapsed.insert(slot, Tok::Text(" ".to_string())),
                            None => out.push(' '),
                        }
                    }
                    space_slot = None;
                    out.push_str(piece);
                    at_line_start = false;
                }
                if !out.is_empty() {
                    collapsed.push(Tok::Text(out));
                }
            }
            Tok::Break => {
                pending_space = false;
                space_slot = None;
                if !at_line_start {
                    collapsed.push(Tok::Break);
                }
                at_line_start = true;
            }
            Tok::Open(w) => {
                if space_slot.is_none() && !at_line_start {
                    space_slot = Some(collapsed.len());
                }
                collapsed.push(Tok::Open(w));
            }
            Tok::Close => {
                // A space pending at a wrapper's end goes after it.
                space_slot = None;
                collapsed.push(Tok::Close);
            }
        }
    }
    // 2. No break after the last text.
    let Some(last_text) = collapsed.iter().rposition(|t| matches!(t, Tok::Text(_))) else {
        return Vec::new();
    };
    let collapsed = collapsed
        .into_iter()
        .enumerate()
        .filter(|(j, t)| *j < last_text || !matches!(t, Tok::Break))
        .map(|(_, t)| t);
    // 3. The tree.
    let mut stack: Vec<(Option<Wrap>, Vec<Inline>)> = vec![(None, Vec::new())];
    for t in collapsed {
        match t {
            Tok::Open(w) => stack.push((Some(w), Vec::new())),
            Tok::Close => {
                if stack.len() > 1 {
                    let (w, children) = stack.pop().unwrap_or((None, Vec::new()));
                    let parent = &mut stack.last_mut().expect("the root stays").1;
                    if children.is_empty() {
                        continue;
                    }
                    parent.push(match w {
                        Some(Wrap::Link(href)) => Inline::Link { href, children },
                        Some(Wrap::Emphasis) => Inline::Emphasis { children },
                        Some(Wrap::Strong) => Inline::Strong { children },
                        Some(Wrap::Code) => Inline::Code { children },
                        Some(Wrap::Sub) => Inline::Sub { children },
                        Some(Wrap::Sup) => Inline::Sup { children },
                        None => continue,
                    });
                }
            }
            Tok::Text(s) => {
                let top = &mut stack.last_mut().expect("the root stays").1;
                match top.last_mut() {
                    Some(Inline::Text { text }) => text.push_str(&s),
                    _ => top.push(Inline::Text { text: s }),
                }
            }
            Tok::Break => stack.last_mut().expect("the root stays").1.push(Inline::Break),
        }
    }
    stack.truncate(1);
    stack.pop().map(|(_, v)| v).unwrap_or_default()
}

/// A size attribute (`width`, `height`) in CSS pixels: `600` or `600px`.
fn declared_px(e: &crate::model::Element, name: &str) -> Option<f64> {
    e.attr(name).and_then(|v| text::parse_number(v.trim().trim_end_matches("px")))
}

/// The rows of table `t` (its own, not nested tables'), in order.
fn table_rows(page: &Page, t: NodeId) -> Vec<NodeId> {
    let mut rows = Vec::new();
    for &c in page.children(t) {
        match page.tag(c) {
            Some(Tag::Tr) => rows.push(c),
            Some(Tag::Thead | Tag::Tbody | Tag::Tfoot) => {
                rows.extend(page.children(c).iter().copied().filter(|&r| page.tag(r) == Some(Tag::Tr)))
            }
            _ => {}
        }
    }
    rows
}

/// Readability.js's `_isDataTable` test (0.6.0), on what the model holds:
/// `role="presentation"` is layout; a caption, a header cell, `<thead>`,
/// `<tfoot>` or `<colgroup>`/`<col>` make data; a table holding a table is
/// layout; then size decides ([`DATA_TABLE_MIN_ROWS`],
/// [`DATA_TABLE_MAX_LAYOUT_COLUMNS`], [`DATA_TABLE_MAX_LAYOUT_CELLS`]).
pub fn is_data_table(page: &Page, t: NodeId) -> bool {
    let Some(e) = page.element(t) else { return false };
    if e.role().trim().eq_ignore_ascii_case("presentation") {
        return false;
    }
    let rows = table_rows(page, t);
    let own = |n: NodeId| page.closest(n, |e| e.tag == Tag::Table) == Some(t);
    let mut nested = false;
    for n in page.subtree(t).skip(1) {
        match page.element(n).map(|e| (e.tag, e.name())) {
            Some((Tag::Caption | Tag::Thead | Tag::Tfoot | Tag::Th, _)) if own(n) => {
                if page.tag(n) != Some(Tag::Caption) || !page.text_content(n).is_empty() {
                    return true;
                }
            }
            Some((_, "colgroup" | "col")) if own(n) => return true,
            Some((Tag::Table, _)) => nested = true,
            _ => {}
        }
    }
    if nested {
        return false;
    }
    let columns = rows
        .iter()
        .map(|&r| page.children(r).iter().filter(|&&c| matches!(page.tag(c), Some(Tag::Td | Tag::Th))).count())
        .max()
        .unwrap_or(0);
    rows.len() >= DATA_TABLE_MIN_ROWS
        || columns > DATA_TABLE_MAX_LAYOUT_COLUMNS
        || rows.len() * columns > DATA_TABLE_MAX_LAYOUT_CELLS
}

/// The best address of a `srcset` (HTML §4.8.4.3.10 "parse a srcset
/// attribute", simplified): by width descriptors, the widest candidate up
/// to [`READER_IMAGE_MAX_WIDTH_PX`] (else the narrowest above it); by
/// density, the densest up to [`READER_IMAGE_MAX_DENSITY`] (else the
/// least dense above). A candidate without descriptor is 1x.
pub fn best_candidate(srcset: &str) -> Option<String> {
    let mut by_width: Vec<(f32, &str)> = Vec::new();
    let mut by_density: Vec<(f32, &str)> = Vec::new();
    let mut rest = srcset;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if rest.is_empty() {
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let mut address = &rest[..end];
        rest = &rest[end..];
        let mut descriptor = "";
        if address.ends_with(',') {
            address = address.trim_end_matches(',');
        } else {
            // Descriptors run to the next comma outside parentheses.
            let mut depth = 0;
            let mut cut = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth <= 0 => {
                        cut = i;
                        break;
                    }
                    _ => {}
                }
            }
            descriptor = rest[..cut].trim();
            rest = &rest[cut..];
        }
        if address.is_empty() {
            continue;
        }
        let d = descriptor.split_whitespace().next().unwrap_or("");
        let value = |suffix: char| d.strip_suffix(suffix).and_then(text::parse_number).map(|v| v as f32);
        if let Some(w) = value('w') {
            by_width.push((w, address));
        } else if let Some(x) = value('x') {
            by_density.push((x, address));
        } else if d.is_empty() || value('h').is_some() {
            by_density.push((1.0, address));
        }
    }
    let pick = |mut c: Vec<(f32, &str)>, max: f32| -> Option<String> {
        c.sort_by(|a, b| a.0.total_cmp(&b.0));
        c.iter().rev().find(|(v, _)| *v <= max).or_else(|| c.first()).map(|(_, a)| a.to_string())
    };
    if !by_width.is_empty() {
        pick(by_width, READER_IMAGE_MAX_WIDTH_PX)
    } else {
        pick(by_density, READER_IMAGE_MAX_DENSITY)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Page `html` (at `url`) scored and decided with the shipped models:
    /// `f` reads its context (the page and its leaves), score table, page
    /// type, decision and metadata.
    fn decided<R>(
        html: &str,
        url: &str,
        f: impl FnOnce(&Context, &crate::table::ScoreTable, &crate::page_type::PageType, Decision, Metadata) -> R,
    ) -> R {
        let page = crate::html::parse_document(html, url).unwrap();
        let models = crate::extract::Models::default();
        let (seg, mut table, pt) = crate::extract::analyse(&page, &models);
        let cx = Context::new(&page, &seg);
        let decision = crate::decision::decide_with(&cx, &mut table, &pt, &models.leaf);
        let meta = crate::metadata::read(&page, decision.root);
        f(&cx, &table, &pt, decision, meta)
    }

    /// The blocks of page `html` (at `url`), built as each of `kinds`
    /// with the shipped models' decision.
    fn blocks_as(html: &str, url: &str, kinds: &[PageKind]) -> Vec<Vec<Block>> {
        decided(html, url, |cx, _, _, decision, meta| {
            kinds.iter().map(|&kind| build(cx, &decision, &meta, kind, &mut []).blocks).collect()
        })
    }

    /// A paragraph of `inlines`, as the builder makes one (no nodes).
    fn para(inlines: Vec<Inline>) -> Block {
        let text = plain(&inlines);
        Block::Paragraph { inlines, text, nodes: vec![], sentences: vec![], role: None }
    }

    /// A paragraph of plain text.
    fn text_para(t: &str) -> Block {
        para(vec![Inline::Text { text: t.into() }])
    }

    /// A link to `href` reading `text`.
    fn link_to(href: String, text: &str) -> Inline {
        Inline::Link { href, children: vec![Inline::Text { text: text.into() }] }
    }

    #[test]
    fn a_headers_lines_are_said_once_up_to_a_bound() {
        let texts = |lines: &[Block]| -> Vec<String> {
            lines.iter().map(|b| match b {
                Block::Paragraph { text, .. } => text.clone(),
                _ => String::new(),
            }).collect()
        };
        let mut lines = vec![text_para("ada"), text_para("Posted August 26"), text_para("ada"), text_para("Posted August 26 (edited)")];
        say_once(&mut lines);
        assert_eq!(texts(&lines), ["ada", "Posted August 26 (edited)"]);
        // Past the bound nothing is compared: the lines stay as they are.
        let mut long: Vec<Block> = (0..=SAY_ONCE_MAX_LINES).map(|i| text_para(if i % 2 == 0 { "ada" } else { "bob" })).collect();
        say_once(&mut long);
        assert_eq!(long.len(), SAY_ONCE_MAX_LINES + 1);
        let mut at_bound: Vec<Block> = (0..SAY_ONCE_MAX_LINES).map(|i| text_para(if i % 2 == 0 { "ada" } else { "bob" })).collect();
        say_once(&mut at_bound);
        assert_eq!(texts(&at_bound), ["ada", "bob"]);
    }

    #[test]
    fn a_caption_box_is_a_figure_with_its_caption() {
        // WordPress's classic caption: no <figure>, the image in a link in
        // a box named for a caption, the caption a paragraph named for one;
        // the first box leads the article, before its first paragraph.
        let p = "The mill pond fills at high tide and the gates close behind it, holding the water back until the ebb.";
        let boxed = |src: &str, caption: &str| {
            format!("<div class=\"wp-caption aligncenter\"><a href=\"/{src}\"><img src=\"/{src}\" width=600 height=300 alt=\"\"></a><p class=\"wp-caption-text\">{caption}</p></div>")
        };
        let html = format!(
            "<html><body><header><h1>Tide mills</h1></header><div class=entry-content>{}<p>{p}</p><p>{p}</p>{}<p>{p}</p></div></body></html>",
            boxed("pond.jpg", "The pond at high tide."),
            boxed("sluice.jpg", "The sluice gate, opened at low water.")
        );
        let blocks = blocks_as(&html, "https://e.org/mills", &[PageKind::Article]).remove(0);
        let figures: Vec<(String, String)> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Figure { images, caption, .. } => Some((images[0].src.clone(), plain(caption))),
                _ => None,
            })
            .collect();
        assert_eq!(
            figures,
            [
                ("https://e.org/pond.jpg".to_string(), "The pond at high tide.".to_string()),
                ("https://e.org/sluice.jpg".to_string(), "The sluice gate, opened at low water.".to_string()),
            ]
        );
        // A caption is read once: not also as a paragraph.
        let paragraphs = blocks.iter().filter(|b| matches!(b, Block::Paragraph { text, .. } if text.contains("sluice"))).count();
        assert_eq!(paragraphs, 0);
    }

    #[test]
    fn srcset_candidates() {
        assert_eq!(best_candidate("a.jpg 400w, b.jpg 800w, c.jpg 3000w").as_deref(), Some("b.jpg"));
        assert_eq!(best_candidate("c.jpg 3000w, d.jpg 2000w").as_deref(), Some("d.jpg"));
        assert_eq!(best_candidate("a.jpg, b.jpg 2x, c.jpg 3x").as_deref(), Some("b.jpg"));
        assert_eq!(best_candidate("https://x/a,b.jpg 1x").as_deref(), Some("https://x/a,b.jpg"));
        assert_eq!(best_candidate("img.jpg").as_deref(), Some("img.jpg"));
        assert_eq!(best_candidate(" , "), None);
    }

    #[test]
    fn inline_whitespace_collapses_like_css() {
        let toks = vec![
            Tok::Text("  Hello ".into()),
            Tok::Open(Wrap::Emphasis),
            Tok::Text(" big ".into()),
            Tok::Close,
            Tok::Text(" world ".into()),
            Tok::Break,
            Tok::Break,
            Tok::Text(" next".into()),
            Tok::Open(Wrap::Strong),
            Tok::Text("  ".into()),
            Tok::Close,
            Tok::Break,
        ];
        let out = finish(toks);
        assert_eq!(plain(&out), "Hello big world\nnext");
        // The space between "Hello" and the emphasis is before it, not in
        // it (a link's underline would start with it).
        assert!(matches!(&out[0], Inline::Text { text } if text == "Hello "), "{out:?}");
        assert!(matches!(&out[1], Inline::Emphasis { children } if plain(children) == "big"), "{out:?}");
        assert!(matches!(&out[2], Inline::Text { text } if text == " world"), "{out:?}");
        assert!(!out.iter().any(|i| matches!(i, Inline::Strong { .. })), "an empty wrapper is dropped");
        // Nested wrappers opened after a space: it goes before the outer
        // one; a space pending at a line's end goes nowhere.
        let link = || Wrap::Link("https://a.example/".into());
        let out = finish(vec![
            Tok::Text("said ".into()),
            Tok::Open(link()),
            Tok::Text(" ".into()),
            Tok::Open(Wrap::Strong),
            Tok::Text("ada".into()),
            Tok::Close,
            Tok::Close,
            Tok::Text(" then ".into()),
            Tok::Open(Wrap::Emphasis),
            Tok::Close,
            Tok::Break,
            Tok::Text("more".into()),
        ]);
        assert_eq!(plain(&out), "said ada then\nmore");
        // The space inside the tag ("said<a> ada</a>") goes before it too.
        let inside = finish(vec![Tok::Text("said".into()), Tok::Open(link()), Tok::Text(" ada".into()), Tok::Close]);
        assert!(matches!(&inside[..], [Inline::Text { text }, Inline::Link { children, .. }] if text == "said " && plain(children) == "ada"), "{inside:?}");
        assert!(matches!(&out[0], Inline::Text { text } if text == "said "), "{out:?}");
        assert!(matches!(&out[1], Inline::Link { children, .. } if matches!(&children[..], [Inline::Strong { .. }])), "{out:?}");
        assert!(matches!(&out[2], Inline::Text { text } if text == " then"), "{out:?}");
    }

    #[test]
    fn a_text_of_zero_width_marks_alone_is_no_block() {
        assert!(text::draws_nothing("\u{200D}"));
        assert!(text::draws_nothing(" \u{200B}\u{FEFF} "));
        assert!(!text::draws_nothing("می\u{200C}خواهم"));
        assert!(!text::draws_nothing("👩\u{200D}🔬"));
        // A page: the spacer paragraph between two others leaves no block;
        // a mark inside a text stays.
        let html = "<html><body><article><h1>Tide mills</h1><p>The mill pond fills at high tide and the gates close behind it, holding the water back.</p><p>\u{200D}</p><p>At low tide the miller opens the sluice and the wheel turns for hours while the sea is out, night\u{200B}and day.</p></article></body></html>";
        let page = crate::html::parse_document(html, "https://mills.example/tide").unwrap();
        let out = crate::extract::extract(&page, &crate::extract::Options::default()).unwrap();
        let paragraphs: Vec<&str> = out.blocks.iter().filter_map(|b| match b { Block::Paragraph { text, .. } => Some(text.as_str()), _ => None }).collect();
        assert_eq!(paragraphs.len(), 2, "{paragraphs:?}");
        assert!(!out.text.contains('\u{200D}'), "{:?}", out.text);
        assert!(out.text.contains("night\u{200B}and day"), "{:?}", out.text);
    }

    /// A line said again right after from another part of the page is
    /// shown once (as the heading, where one is); two sibling paragraphs
    /// that say the same are both kept.
    #[test]
    fn a_line_repeated_from_elsewhere_is_shown_once() {
        let p = "The mill pond fills at high tide and the gates close behind it, holding the water back.";
        let q = "At low tide the miller opens the sluice and the wheel turns for hours while the sea is out.";
        let r = "In winter the miller mends the gates and the wheel, and the pond is drained to clear the silt.";
        let html = format!(
            "<html><head><title>Tide mills</title></head><body><article><h1>Tide mills</h1><p>{p}</p>\
             <div class=phone><p>{q}</p></div><div class=desktop><p>{q}</p></div>\
             <div class=card><p class=label>The miller's year</p><h2>The miller's year</h2><p>{r}</p><p>{r}</p></div>\
             <div class=card><h3>Quern</h3><p>Stoneworks</p><div class=alt><p>Quern</p></div></div></article></body></html>"
        );
        let page = crate::html::parse_document(&html, "https://mills.example/tide").unwrap();
        let out = crate::extract::extract(&page, &crate::extract::Options::default()).unwrap();
        let shape: Vec<(&str, &str)> = out
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::Paragraph { text, .. } => Some(("p", text.as_str())),
                Block::Heading { text, .. } => Some(("h", text.as_str())),
                _ => None,
            })
            .collect();
        assert_eq!(
            shape,
            [("p", p), ("p", q), ("h", "The miller's year"), ("p", r), ("p", r), ("h", "Quern"), ("p", "Stoneworks")],
            "{shape:#?}"
        );
    }

    /// A paragraph of punctuation alone (a spacer "—", a stray "/") is no
    /// block; a line of symbols is.
    #[test]
    fn a_paragraph_of_punctuation_alone_is_no_block() {
        assert!(text::separates_only(" — "));
        assert!(text::separates_only("– – – – –"));
        assert!(text::separates_only("/"));
        assert!(text::separates_only("********"));
        assert!(!text::separates_only("★★★★★"));
        assert!(!text::separates_only("1 / 4"));
        assert!(!text::separates_only("A."));
        let p = "The mill pond fills at high tide and the gates close behind it, holding the water back.";
        let html = format!("<html><body><article><h1>Tide mills</h1><p>{p}</p><p>—</p><p>{p}</p><p>/</p><p>★★★★★</p><p>{p}</p></article></body></html>");
        let page = crate::html::parse_document(&html, "https://mills.example/tide").unwrap();
        let out = crate::extract::extract(&page, &crate::extract::Options::default()).unwrap();
        let paragraphs: Vec<&str> = out.blocks.iter().filter_map(|b| match b { Block::Paragraph { text, .. } => Some(text.as_str()), _ => None }).collect();
        assert_eq!(paragraphs, [p, p, "★★★★★", p]);
    }
    /// A question and its answers: on a forum page a rule between the
    /// question and each answer (the accepted one too, whatever its other
    /// class names), none inside one; the text is the same with or without
    /// them, and on another kind of page there are none.
    #[test]
    fn a_forum_thread_has_a_rule_between_posts() {
        let answer = |class: &str, who: &str, first: &str, second: &str| {
            format!(
                "<div class='{class}'><div class=body>\
                 <p>{first}</p><p>{second}</p><div class=signature-line><a href=/u/{who}>{who}</a> answered in March</div></div></div>"
            )
        };
        let html = format!(
            "<html><head><title>Why does the mill wheel turn backwards at slack water?</title></head><body>\
             <nav><a href=/>Home</a> <a href=/questions>Questions</a></nav><main>\
             <h1>Why does the mill wheel turn backwards at slack water?</h1>\
             <div class=question><p>Our tide mill's wheel turns slowly backwards for a few minutes at every slack water, even with the sluice closed.</p>\
             <p>Is this a leak in the gates, or does the pond's level explain it? The miller has no idea and neither do we.</p></div>\
             <div id=answers>{}{}{}</div></main><footer><a href=/about>About</a></footer></body></html>",
            answer("answer", "maren", "It is almost certainly the gates: at slack water the pond and the sea stand level, so any leak runs both ways.", "Check the seals on the lower sluice first; they wear where the silt collects every winter."),
            answer("answer accepted", "ada", "The pond's level cannot push the wheel backwards unless water runs out through the race, which needs a gap somewhere.", "We had the same thing at Eling and it was the wooden paddles of the lower gate, which had warped in a hot summer."),
            answer("answer", "tom", "Another possibility is the wheel's own inertia and the shaft's play, which can look like a reversal for a turn or two.", "Mark the shaft with chalk and watch it at the next slack water before taking the gates apart."),
        );
        let [forum, article] = &blocks_as(&html, "https://mills.example/q/1", &[PageKind::Forum, PageKind::Article])[..] else {
            unreachable!()
        };
        let shape: Vec<&str> = forum
            .iter()
            .map(|b| match b {
                Block::Rule { .. } => "rule",
                Block::Paragraph { text, .. } => text.split(' ').next().unwrap_or(""),
                _ => "other",
            })
            .collect();
        assert_eq!(shape, ["Our", "Is", "rule", "It", "Check", "rule", "The", "We", "rule", "Another", "Mark"], "{forum:#?}");
        assert!(!article.iter().any(|b| matches!(b, Block::Rule { .. })));
        assert_eq!(text_of(&forum), text_of(&article));
    }

    /// A question and its one answer: no group of posts, but the kept
    /// content splits into the question and the answers; a rule between.
    /// A lone post whose kept name sits in a cell beside its text has no
    /// rule between the two.
    #[test]
    fn a_question_and_its_one_answer_have_a_rule_between() {
        let forum_blocks = |html: &str| blocks_as(html, "https://mills.example/q/1", &[PageKind::Forum]).remove(0);
        let shape = |blocks: &[Block]| -> Vec<String> {
            blocks
                .iter()
                .map(|b| match b {
                    Block::Rule { .. } => "rule".to_string(),
                    Block::Paragraph { text, .. } => text.split(' ').next().unwrap_or("").to_string(),
                    _ => "other".to_string(),
                })
                .collect()
        };
        let html = "<html><head><title>Why does the mill wheel turn backwards at slack water?</title></head><body>\
             <nav><a href=/>Home</a> <a href=/questions>Questions</a></nav><main>\
             <h1>Why does the mill wheel turn backwards at slack water?</h1>\
             <div class=question><p>Our tide mill's wheel turns slowly backwards for a few minutes at every slack water, even with the sluice closed.</p>\
             <p>Is this a leak in the gates, or does the pond's level explain it? The miller has no idea and neither do we.</p></div>\
             <div id=answers><h2>1 Answer</h2><div class=answer><div class=body>\
             <p>It is almost certainly the gates: at slack water the pond and the sea stand level, so any leak runs both ways.</p>\
             <p>Check the seals on the lower sluice first; they wear where the silt collects every winter.</p>\
             <div class=signature-line><a href=/u/maren>maren</a> answered in March</div></div></div></div>\
             </main><footer><a href=/about>About</a></footer></body></html>";
        let blocks = forum_blocks(html);
        let shape_of = shape(&blocks);
        let rule = shape_of.iter().position(|s| s == "rule");
        let answer = shape_of.iter().position(|s| s == "It");
        assert!(rule.is_some() && rule < answer && shape_of.iter().filter(|s| *s == "rule").count() == 1, "{shape_of:?}");
        assert!(shape_of.iter().position(|s| s == "Is") < rule, "{shape_of:?}");
        let lone = "<html><head><title>Tide mill wheel turns backwards</title></head><body>\
             <main><h1>Tide mill wheel turns backwards</h1><article class=message>\
             <div class=user><a href=/members/ada.412/>ada</a></div><div class=main>\
             <p>Our tide mill's wheel turns slowly backwards for a few minutes at every slack water, even with the sluice closed.</p>\
             <p>Is this a leak in the gates, or does the pond's level explain it? The miller has no idea and neither do we.</p>\
             </div></article></main></body></html>";
        let blocks = forum_blocks(lone);
        assert!(!blocks.iter().any(|b| matches!(b, Block::Rule { .. })), "{:?}", shape(&blocks));
    }

    #[test]
    fn a_rule_between_posts_goes_above_the_headings_that_end_the_one_before() {
        let para = |t: &str, role: Option<Role>| Block::Paragraph {
            inlines: vec![Inline::Text { text: t.into() }],
            text: t.into(),
            nodes: vec![],
            sentences: vec![],
            role,
        };
        let heading = |t: &str| Block::Heading { level: 3, inlines: vec![Inline::Text { text: t.into() }], text: t.into(), nodes: vec![], sentences: vec![] };
        let rule = || Block::Rule { nodes: vec![] };
        let shape = |blocks: &[Block]| -> String {
            blocks
                .iter()
                .map(|b| match b {
                    Block::Rule { .. } => "-".to_string(),
                    Block::Paragraph { text, .. } | Block::Heading { text, .. } => text.clone(),
                    _ => "?".to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let after = |mut blocks: Vec<Block>| {
            rule_between_posts(&mut blocks);
            shape(&blocks)
        };
        let h = Some(Role::PostHeader);
        // A post's text: the rule after it.
        assert_eq!(after(vec![para("text", None)]), "text -");
        // "Comments" after an answer's text titles the comments.
        assert_eq!(after(vec![para("text", None), heading("Comments")]), "text - Comments");
        assert_eq!(after(vec![para("text", None), heading("Comments"), heading("Newest")]), "text - Comments Newest");
        // A rule or the article's start already above them: no second one.
        assert_eq!(after(vec![para("text", None), rule(), heading("sunaurus")]), "text - sunaurus");
        assert_eq!(after(vec![heading("Replies")]), "Replies");
        // Under a post's header the heading is that post's title.
        assert_eq!(after(vec![para("Oct 28, 2023", h), heading("Beware of resellers")]), "Oct 28, 2023 Beware of resellers -");
    }

    /// The page's rules between kept paragraphs are kept, one under a
    /// heading (a line under a section's title) is not.
    #[test]
    fn a_rule_under_a_heading_is_left_out() {
        let para = "The river path floods every spring, which is why the council built a raised boardwalk along it.";
        let html = format!(
            "<html><head><title>The river path</title></head><body><main><article><h1>The river path</h1>\
             <p>{para}</p><p>{para}</p><hr><h2>The boardwalk</h2><hr><p>{para}</p><p>{para}</p><hr><p>{para}</p></article></main></body></html>"
        );
        let blocks = blocks_as(&html, "https://river.example/path", &[PageKind::Article]).remove(0);
        let shape: Vec<&str> = blocks
            .iter()
            .map(|b| match b {
                Block::Rule { .. } => "rule",
                Block::Heading { .. } => "heading",
                Block::Paragraph { .. } => "p",
                _ => "other",
            })
            .collect();
        assert_eq!(shape, ["p", "p", "rule", "heading", "p", "p", "rule", "p"], "{blocks:#?}");
    }

    /// A post's header lines: its author (a member's page) and date over
    /// its text are marked; a mention, a short reply, a date under the
    /// text, a block outside the posts, a long line are not.
    #[test]
    fn a_posts_author_and_date_are_its_header() {
        let text = text_para;
        let member = |who: &str, rest: &str| {
            para(vec![
                link_to(format!("https://forum.example/members/{who}.12/"), who),
                Inline::Text { text: rest.into() },
            ])
        };
        let mention = |who: &str, rest: &str| {
            para(vec![
                Inline::Text { text: "Hi ".into() },
                Inline::Link { href: format!("https://forum.example/u/{who}"), children: vec![Inline::Text { text: format!("@{who}") }] },
                Inline::Text { text: rest.into() },
            ])
        };
        let body = "The river path floods every spring, which is why the council built a raised boardwalk.";
        let (q, a, b, c, d, e) = (Some(1), Some(10), Some(20), Some(30), Some(40), Some(50));
        let blocks = vec![
            text("Started by ada · 31 replies"),
            text(body),
            member("maren", " · Member · 393 posts"),
            text("#2 · 8 hours ago"),
            text("Thanks, that fixed it."),
            text(body),
            mention("maren", ", no luck here"),
            text(body),
            text("Posted yesterday"),
            text("Yesterday at 9:14 PM"),
            text(body),
            text("Thanks, that fixed it."),
            text("Oct 8, 2024"),
            text("A line of more than six words, and no date in it at all"),
            text("Oct 8, 2024"),
        ];
        let posts = vec![None, q, a, a, a, a, b, b, c, c, c, d, d, e, e];
        let (blocks, _) = mark_post_headers(blocks, posts);
        let marked: Vec<usize> = (0..blocks.len())
            .filter(|&k| matches!(blocks[k], Block::Paragraph { role: Some(Role::PostHeader), .. }))
            .collect();
        // maren's line and the date (not the short line after it); the
        // mention opens a post's text; "Posted yesterday" reads as a date
        // after a word, the relative day opens one; a post of short lines
        // alone and one whose date is under its text have no header.
        assert_eq!(marked, [2, 3, 8, 9], "{blocks:#?}");
        let json = serde_json::to_value(&blocks[2]).unwrap();
        assert_eq!(json["role"], "postHeader");
        assert!(serde_json::to_value(&blocks[4]).unwrap().get("role").is_none());
    }

    #[test]
    fn a_threads_author_is_the_first_posts_header_name() {
        let header = |t: &str| match text_para(t) {
            Block::Paragraph { inlines, text, nodes, sentences, .. } => {
                Block::Paragraph { inlines, text, nodes, sentences, role: Some(Role::PostHeader) }
            }
            b => b,
        };
        let body = text_para("The river path floods every spring.");
        // The first header's first line that names someone: not its date,
        // not an update's line; the second post's header is not asked.
        let blocks = vec![
            text_para("Thread title words here"),
            Block::Rule { nodes: Vec::new() },
            header("· Updated 7mo"),
            header("Jul 18, 2024"),
            header("maren_k"),
            body.clone(),
            Block::Rule { nodes: Vec::new() },
            header("ada"),
            body.clone(),
        ];
        assert_eq!(first_post_author(&blocks).as_deref(), Some("maren_k"));
        // A first header of dates alone: no author (not the next post's).
        let dated = vec![header("30th March 2025, 16:26"), body.clone(), header("ada"), body.clone()];
        assert_eq!(first_post_author(&dated), None);
        // No post headers: none.
        assert_eq!(first_post_author(&[body]), None);
    }

    /// XenForo's posts: a letter avatar, the member's name as a heading
    /// and the date in a list over the text. The heading and the list's
    /// item become header lines, and the member's title under the name;
    /// the avatar is left out; the thread's first post, outside the group,
    /// has its header too; a heading that links nowhere over the date and
    /// a list of long items are the post's own.
    #[test]
    fn a_posts_name_heading_and_date_list_are_its_header() {
        let link = |who: &str, text: &str| link_to(format!("https://forum.example/members/{who}.12/"), text);
        let heading = |inlines: Vec<Inline>| {
            let text = plain(&inlines);
            Block::Heading { level: 4, inlines, text, nodes: vec![], sentences: vec![] }
        };
        let list = |lines: &[&str]| Block::List {
            ordered: false,
            start: None,
            items: lines
                .iter()
                .map(|l| ListItem { blocks: vec![para(vec![Inline::Text { text: (*l).into() }])], nodes: vec![] })
                .collect(),
            nodes: vec![],
        };
        let text = text_para;
        let body = "The river path floods every spring, which is why the council built a raised boardwalk.";
        let long = "A line of more than six words, and no date in it";
        let (a, b, c, d) = (Some(10), Some(20), Some(30), Some(40));
        let blocks = vec![
            heading(vec![link("ada", "ada")]),
            heading(vec![Inline::Text { text: "Apprentice".into() }]),
            list(&["Oct 8, 2024"]),
            text(body),
            para(vec![link("ridwan", "R")]),
            heading(vec![link("ridwan", "ridwan123")]),
            list(&["Nov 2, 2024", "#2"]),
            text(body),
            heading(vec![Inline::Text { text: "Boardwalk".into() }]),
            list(&["Nov 2, 2024"]),
            text(body),
            list(&[long, "Nov 3, 2024"]),
            text(body),
            heading(vec![link("tom", "tom")]),
            heading(vec![Inline::Text { text: "Visitor".into() }]),
            text(body),
        ];
        let posts = vec![None, None, None, None, a, a, a, a, b, b, b, c, c, d, d, d];
        let (blocks, posts) = mark_post_headers(blocks, posts);
        let shown: Vec<(&str, Option<Role>, Option<NodeId>)> = blocks
            .iter()
            .zip(&posts)
            .map(|(b, &p)| match b {
                Block::Paragraph { text, role, .. } => (text.as_str(), *role, p),
                Block::Heading { text, .. } => (text.as_str(), None, p),
                _ => ("…", None, p),
            })
            .collect();
        let h = Some(Role::PostHeader);
        assert_eq!(
            shown,
            [
                ("ada", h, None),
                ("Apprentice", h, None),
                ("Oct 8, 2024", h, None),
                (body, None, None),
                ("ridwan123", h, a),
                ("Nov 2, 2024", h, a),
                ("#2", h, a),
                (body, None, a),
                ("Boardwalk", None, b),
                ("…", None, b),
                (body, None, b),
                ("…", None, c),
                (body, None, c),
                ("tom", h, d),
                ("Visitor", h, d),
                (body, None, d),
            ]
        );
    }

    #[test]
    fn an_author_panes_lists_and_broken_lines_are_its_header_shown_once() {
        // Invision Community: a phone layout's name and date, then the
        // desktop's author pane (the name's heading and a list of
        // "Members", a list of the post count alone, the day they
        // joined), then the date again, over the post.
        let link = |who: &str, text: &str| link_to(format!("https://forum.example/profile/12-{who}/"), text);
        let text = text_para;
        let item = |block: Block| ListItem { blocks: vec![block], nodes: vec![] };
        let list = |items: Vec<ListItem>| Block::List { ordered: false, start: None, items, nodes: vec![] };
        let pane = |more: Vec<ListItem>| {
            let mut items = vec![item(text("Members")), item(list(vec![item(para(vec![link("pop", "22.6k")]))]))];
            items.extend(more);
            list(items)
        };
        let body = "If money is no objection, why not buy both and see which one meets your needs?";
        let (a, b, c, d) = (Some(10), Some(20), Some(30), Some(40));
        let blocks = vec![
            para(vec![link("pop", "pop")]),
            text("Posted August 26"),
            para(vec![link("pop", "pop")]),
            pane(vec![item(text("April 10, 2009"))]),
            text("Posted August 26 (edited)"),
            text(body),
            // Five lines in the pane: the post's own list, not a header.
            pane(vec![item(text("one")), item(text("two")), item(text("three"))]),
            text(body),
            // MyBB: the member's counts, one paragraph of broken lines.
            text("Posts: 96\nThreads: 11\nJoined: Feb 2011"),
            text("2019-02-24, 02:31 AM"),
            text(body),
            text("Posts: 96\nThreads: 11\nJoined: Feb 2011\nReputation: 1\nWarnings: 0"),
            text("2019-02-24, 02:31 AM"),
            text(body),
        ];
        let posts = vec![a, a, a, a, a, a, b, b, c, c, c, d, d, d];
        let (blocks, _) = mark_post_headers(blocks, posts);
        let shown: Vec<(&str, Option<Role>)> = blocks
            .iter()
            .map(|b| match b {
                Block::Paragraph { text, role, .. } => (text.as_str(), *role),
                _ => ("…", None),
            })
            .collect();
        let h = Some(Role::PostHeader);
        assert_eq!(
            shown,
            [
                // The name once; the date where it says more, "(edited)".
                ("pop", h),
                ("Members", h),
                ("22.6k", h),
                ("April 10, 2009", h),
                ("Posted August 26 (edited)", h),
                (body, None),
                ("…", None),
                (body, None),
                ("Posts: 96\nThreads: 11\nJoined: Feb 2011", h),
                ("2019-02-24, 02:31 AM", h),
                (body, None),
                // Five lines: the post's own.
                ("Posts: 96\nThreads: 11\nJoined: Feb 2011\nReputation: 1\nWarnings: 0", None),
                ("2019-02-24, 02:31 AM", None),
                (body, None),
            ]
        );
    }

    /// A thread laid out as a table of posts (a data table by its size):
    /// its rows are kept whole, but a block of a cell that a rule of the
    /// decision judged not content (the member's signature) is left out,
    /// and so is nothing the model alone doubted or a cell of one leaf.
    #[test]
    fn a_tables_cells_leave_out_what_a_rule_left_out() {
        let rows: String = (1..=10)
            .map(|i| {
                format!(
                    "<tr><td><div class=author>member{i} posted</div><div class=msg>Message number {i}, about the thread's question at some length.</div>\
                     <div class=sig>Signature line of member{i}</div></td><td>#{i}</td></tr>"
                )
            })
            .collect();
        let html = format!("<html><body><h1>A thread</h1><table>{rows}</table></body></html>");
        decided(&html, "https://forum.example/t/1", |cx, _, _, mut decision, meta| {
            let (page, seg) = (cx.page, cx.seg);
            let text_of = |l: usize| seg.leaves[l].text(page).to_string();
            let sigs: Vec<usize> = (0..seg.leaves.len()).filter(|&l| text_of(l).starts_with("Signature line")).collect();
            let numbers: Vec<usize> = (0..seg.leaves.len()).filter(|&l| text_of(l).starts_with('#')).collect();
            assert_eq!((sigs.len(), numbers.len()), (10, 10));
            // Every leaf kept but the signatures and the numbers; the signatures
            // left out by a rule, the numbers by the model.
            decision.leaves = (0..seg.leaves.len()).filter(|l| !sigs.contains(l) && !numbers.contains(l)).collect();
            for &l in &sigs {
                decision.reasons[l] = crate::decision::Reason::Rule("not content: a forum member's signature under a post");
            }
            for &l in &numbers {
                decision.reasons[l] = crate::decision::Reason::Model { content: false, percent: 10, cut: 50 };
            }
            let blocks = build(cx, &decision, &meta, PageKind::Forum, &mut []).blocks;
            let Some(Block::Table { rows, .. }) = blocks.iter().find(|b| matches!(b, Block::Table { .. })) else { panic!("{blocks:#?}") };
            assert_eq!(rows.len(), 10);
            for (i, row) in rows.iter().enumerate() {
                let cells: Vec<&str> = row.cells.iter().map(|c| c.text.as_str()).collect();
                assert!(cells[0].contains(&format!("Message number {}", i + 1)), "{cells:?}");
                assert!(!cells[0].contains("Signature"), "{cells:?}");
                assert_eq!(cells[1], format!("#{}", i + 1));
            }
        });
    }

    #[test]
    fn records_the_article_shows_are_marked() {
        let rows: String = [
            ("Height", "48 cm"),
            ("Weight", "1.2 kg"),
            ("Colour", "Walnut and brass"),
            ("Bulb", "E27, up to 40 W"),
            ("Cable length", "1.8 m"),
            ("Material", "Walnut, brass, linen"),
            ("Size", "48 x 20 cm"),
            ("Warranty", "2 years"),
        ]
        .iter()
        .map(|(n, v)| format!("<tr><th>{n}</th><td>{v}</td></tr>"))
        .collect();
        let html = format!(
            "<html><head><title>Walnut desk lamp | Lampworks</title>\
             <meta property=og:type content=product></head><body>\
             <nav><a href=/>Home</a> <a href=/lamps>Lamps</a></nav><main><div class=product>\
             <h1>Walnut desk lamp</h1><p class=price>€89.00</p><button>Add to cart</button><h2>Description</h2>\
             <p>A desk lamp of oiled walnut and brushed brass, with a linen shade that softens the light for reading late into the evening.</p>\
             <p>The arm turns on two joints, so the light falls where the page is, and the heavy base keeps it steady on any desk.</p>\
             <h2>Specifications</h2><table>{rows}</table></div></main><footer><p>© Lampworks</p></footer></body></html>"
        );
        decided(&html, "https://shop.example/lamp", |cx, table, pt, mut decision, meta| {
            let (page, seg) = (cx.page, cx.seg);
            let area = crate::papers::records::area(table).expect("a records area");
            let mut records = crate::papers::records::pairs(cx, area);
            assert_eq!(records.len(), 8, "{records:?}");
            // The table is in the article: every record is.
            let blocks = build(cx, &decision, &meta, pt.kind, &mut records).blocks;
            assert!(blocks.iter().any(|b| matches!(b, Block::Table { .. })), "{blocks:#?}");
            assert!(records.iter().all(|r| r.in_article), "{records:?}");
            // The last two rows left out of the decision: their records are not
            // in the article, the others still are.
            let last_rows: Vec<NodeId> = records[6..].iter().flat_map(|r| r.nodes.iter().copied()).collect();
            let in_rows = |l: usize| last_rows.iter().any(|&c| (c..page.subtree_end(c)).contains(&seg.leaves[l].id));
            decision.leaves.retain(|&l| !in_rows(l));
            build(cx, &decision, &meta, pt.kind, &mut records);
            let marks: Vec<bool> = records.iter().map(|r| r.in_article).collect();
            assert_eq!(marks, [true, true, true, true, true, true, false, false]);
            // A pair the article shows in another row is shown.
            records[7].name = records[0].name.clone();
            records[7].value = records[0].value.clone();
            build(cx, &decision, &meta, pt.kind, &mut records);
            assert_eq!((records[6].in_article, records[7].in_article), (false, true));
            // A record with no node is never in the article (unless its pair is).
            records[5].nodes.clear();
            build(cx, &decision, &meta, pt.kind, &mut records);
            assert!(!records[5].in_article);
        });
    }
}
