//! Cue: teaser cards. A block that holds a short titled link to another
//! page beside a line or two of text, repeated by its siblings in the same
//! tag and class, is a card: the cards of a listing or a collection, which
//! are its content, or the related-story teasers after an article, which
//! are not. The cue only says how many such siblings a leaf's card has;
//! the decision's rule for articles reads it
//! ([`crate::decision::article_teasers`], where its measurements are),
//! not the model: as a model feature it lowered the held-out figures.
//!
//! Pith's own cue (no seed paper names it; seed 001's formatting
//! similarity groups such blocks too, but not as cards). Its thresholds
//! were checked in-sample with the shipped model (`pith-lab eval`,
//! 2026-11-24, the rule's summed word F1 gain on wcxb-dev): a card of at
//! most 80 / 120 / 200 words gave +0.71 / +1.30 / +1.30; at least 3 or 4
//! siblings +1.30 / +1.28; text of at least 5 or 8 words +1.30 / +1.31.

use crate::model::NodeId;
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// A card holds at most this many words: a title and a summary, not a
/// section of an article (a teaser's summary is one or two sentences,
/// 25–60 words on the readability set's news pages; 80 missed some).
pub const CARD_MAX_WORDS: u32 = 120;

/// A card holds at least this many visible leaves (a title and one more:
/// a summary, a byline, a price).
pub const CARD_MIN_LEAVES: u32 = 2;

/// A card's title link: a leaf of at least this many words, nearly all
/// inside a link ([`TITLE_LINK_SHARE`]), before any text of the card
/// ([`TEXT_MIN_WORDS`]): a title leads its card. Shorter links are buttons
/// ("Reply"); a link after the text is a call to action ("Learn more about
/// the debugger" under a feature's description), and the block a section.
pub const TITLE_MIN_WORDS: u32 = 3;

/// See [`TITLE_MIN_WORDS`]: the share of a title leaf's characters inside
/// links.
pub const TITLE_LINK_SHARE: f32 = 0.8;

/// See [`TITLE_MIN_WORDS`]: a leaf that is not a link and has at least
/// this many words is the card's text (shorter ones are labels, bylines,
/// prices).
pub const TEXT_MIN_WORDS: u32 = 5;

/// A leaf's card is the nearest of its ancestors (the leaf's own element
/// included) that is one, at most this many levels up: cards nest a title
/// and a summary in a wrapper or two.
pub const CARD_LEVELS: usize = 5;

/// Cards with fewer siblings of the same tag and class are not counted
/// (two blocks side by side are a pair, not a stream of teasers).
pub const CARD_MIN_SIBLINGS: u32 = 3;

pub const COLUMNS: &[ColumnSpec] = &[ColumnSpec {
    key: "cards.siblings",
    signal: "cards",
    label: "card siblings",
    source: "Pith: repeated blocks of a titled link and a short text",
    description: "How many blocks of the same tag and class beside the leaf's card are cards too (a short block with a title link and another leaf); 0 when the leaf is in no card.",
}];

/// Writes [`COLUMNS`] on leaf rows.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let counts = card_siblings(cx);
    for leaf in &cx.seg.leaves {
        let value = card_of(cx, &counts, leaf.holder()).map_or(0.0, |card| card_count(cx, &counts, card) as f32);
        table.set(c[0], leaf.id, value);
    }
}

/// [`card_siblings`]' count at node `id` (0 for an inline node).
pub fn card_count(cx: &Context, counts: &[u32], id: NodeId) -> u32 {
    cx.seg.at_block(counts, id)
}

/// The card holding `id` ([`CARD_LEVELS`]), by [`card_siblings`]' counts.
pub fn card_of(cx: &Context, counts: &[u32], id: NodeId) -> Option<NodeId> {
    let mut cur = Some(id);
    for _ in 0..=CARD_LEVELS {
        let c = cur?;
        if card_count(cx, counts, c) >= CARD_MIN_SIBLINGS {
            return Some(c);
        }
        cur = cx.page.nodes[c].parent();
    }
    None
}

/// Per block ([`crate::segment::Segmentation::block`]; read through
/// [`card_count`]): 0 unless it is a card, else the number of cards among
/// its parent's children with its tag and class (itself included). A card
/// holds leaves, so it is a block, and so are its sums' nodes: one cell a
/// block, not a node, took 24 MB of wasm memory less on the
/// 1,000,000-element bench page (`tests/eval/SPEED.md`, 2026-11-30).
pub fn card_siblings(cx: &Context) -> Vec<u32> {
    let (page, seg) = (cx.page, cx.seg);
    let blocks = seg.blocks();
    let (mut leaves, mut words) = (vec![0u32; blocks], vec![0u32; blocks]);
    // The first title leaf and the first text leaf under each block (leaf
    // indices, in document order; `u32::MAX`: none).
    let (mut title, mut text) = (vec![u32::MAX; blocks], vec![u32::MAX; blocks]);
    for (i, l) in cx.seg.leaves.iter().enumerate().filter(|(_, l)| !l.hidden) {
        let Some(h) = seg.block(l.holder()) else { continue };
        let i = i as u32;
        leaves[h] += 1;
        words[h] = words[h].saturating_add(l.words);
        let linked = l.link_chars as f32 >= TITLE_LINK_SHARE * l.chars as f32;
        if linked && l.words >= TITLE_MIN_WORDS {
            title[h] = title[h].min(i);
        } else if !linked && l.words >= TEXT_MIN_WORDS {
            text[h] = text[h].min(i);
        }
    }
    for (b, p) in seg.blocks_up() {
        leaves[p] += leaves[b];
        words[p] = words[p].saturating_add(words[b]);
        title[p] = title[p].min(title[b]);
        text[p] = text[p].min(text[b]);
    }
    let signature = |id: NodeId| -> Option<u64> {
        let e = page.element(id)?;
        let b = seg.block(id)?;
        let card = leaves[b] >= CARD_MIN_LEAVES
            && words[b] <= CARD_MAX_WORDS
            && title[b] != u32::MAX
            && title[b] < text[b];
        card.then(|| crate::papers::text_stats::format_signature(e.name(), &e.class))
    };
    let mut out = vec![0u32; blocks];
    let mut sigs: Vec<(NodeId, u64)> = Vec::new();
    let mut sorted: Vec<u64> = Vec::new();
    for id in 0..page.nodes.len() {
        let children = page.children(id);
        if children.len() < CARD_MIN_SIBLINGS as usize {
            continue;
        }
        sigs.clear();
        sigs.extend(children.iter().filter_map(|&c| signature(c).map(|s| (c, s))));
        if sigs.len() < CARD_MIN_SIBLINGS as usize {
            continue;
        }
        sorted.clear();
        sorted.extend(sigs.iter().map(|&(_, s)| s));
        crate::sort::sort(&mut sorted);
        for &(c, s) in &sigs {
            // A card is a block: its signature needs its block's sums.
            let Some(c) = seg.block(c) else { continue };
            out[c] = (sorted.partition_point(|&x| x <= s) - sorted.partition_point(|&x| x < s)) as u32;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn siblings_of(html: &str, text: &str) -> f32 {
        let (page, seg, t) = crate::cues::scored_html(html, score);
        let c = t.col("cards.siblings").unwrap();
        let leaf = seg.leaves.iter().find(|l| l.text(&page).starts_with(text)).unwrap();
        t.get(c, leaf.id)
    }

    const CARD: &str = r#"<div class="card"><h3><a href="/a">A story about something else</a></h3><p>One sentence of summary for the story.</p></div>"#;

    #[test]
    fn teasers_are_cards() {
        let html = format!("<body><article><p>The article.</p></article><section>{}{}{}{}</section></body>", CARD, CARD, CARD, CARD);
        assert_eq!(siblings_of(&html, "One sentence"), 4.0);
        assert_eq!(siblings_of(&html, "A story"), 4.0);
        assert_eq!(siblings_of(&html, "The article"), 0.0);
    }

    #[test]
    fn too_few_or_too_long_or_untitled_blocks_are_not() {
        let two = format!("<body><section>{}{}</section></body>", CARD, CARD);
        assert_eq!(siblings_of(&two, "One sentence"), 0.0);
        let long = "word ".repeat(150);
        let section = format!(r#"<div class="s"><h3><a href="/a">A story about something else</a></h3><p>{long}</p></div>"#);
        let html = format!("<body>{}</body>", section.repeat(4));
        assert_eq!(siblings_of(&html, "word"), 0.0);
        let untitled = r#"<div class="s"><h3>A section about something</h3><p>Text of it, <a href="/x">a link</a>.</p></div>"#;
        let html = format!("<body>{}</body>", untitled.repeat(4));
        assert_eq!(siblings_of(&html, "Text of it"), 0.0);
        // A link after the text is a call to action, not a title.
        let feature = r#"<div class="f"><h2>Debugger</h2><p>Step through the code and examine its state.</p><p><a href="/d">Learn more about the debugger</a></p></div>"#;
        let html = format!("<body>{}</body>", feature.repeat(4));
        assert_eq!(siblings_of(&html, "Step through"), 0.0);
    }

    #[test]
    fn only_siblings_of_one_format_count() {
        let other = CARD.replace("class=\"card\"", "class=\"promo\"");
        let html = format!("<body><section>{CARD}{CARD}{CARD}{other}{other}</section></body>");
        assert_eq!(siblings_of(&html, "One sentence"), 3.0);
    }
}
