//! Cue: the shape of a leaf — its element and the form of its text.
//! Running text ends its sentences and starts with a capital; menus,
//! buttons, prices and dates do not look like that. The element kind is
//! written as a small code so that one column carries it.

use crate::model::{Page, Tag};
use crate::papers::Context;
use crate::segment::Leaf;
use crate::table::{ColumnSpec, ScoreTable};

/// Sentence-final marks, Western and CJK (Unicode Sentence_Terminal's
/// common members).
pub const SENTENCE_END: &[char] = &['.', '!', '?', '。', '！', '？', '…', '؟', '।'];

/// Currency signs (Unicode Sc category's common members) that mark a
/// price when next to a digit.
pub const CURRENCY: &[char] = &['$', '€', '£', '¥', '₹', '₩', '₽', '¢', '₺', '₫', '₱', '₪', '฿', '₴', '₦', 'R'];

/// Whether `text` has a price: a currency sign within two characters of a
/// digit (`$12`, `12,99 €`, `R 450`), or a three-letter ISO 4217 code of a
/// major currency beside a number.
pub fn has_price(text: &str) -> bool {
    // Both tests below need a digit: most leaves have none (and this
    // skips the characters' vector; 1.5 % of the core's instructions).
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let chars: Vec<char> = text.chars().collect();
    let digit_within = |lo: usize, hi: usize| chars[lo..hi.min(chars.len())].iter().any(char::is_ascii_digit);
    for (i, &c) in chars.iter().enumerate() {
        let sign = CURRENCY.contains(&c) && (c != 'R' || chars.get(i + 1).is_some_and(|n| *n == ' ' || n.is_ascii_digit()));
        if sign && digit_within(i.saturating_sub(2), i + 3) {
            return true;
        }
        // ISO 4217 codes: three capitals, a digit within three characters.
        let code = c.is_ascii_uppercase()
            && i + 3 <= chars.len()
            && ISO_CODES.iter().any(|k| k.chars().eq(chars[i..i + 3].iter().copied()));
        if code && digit_within(i.saturating_sub(3), i + 6) {
            return true;
        }
    }
    false
}

/// ISO 4217 codes of major currencies, written beside amounts.
pub const ISO_CODES: &[&str] = &["USD", "EUR", "GBP", "CAD", "AUD", "JPY", "INR", "CHF"];

/// Element kinds, as written in `shape.element`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum ElementKind {
    /// An anonymous run of inline content.
    Anonymous = 0,
    Paragraph = 1,
    Heading = 2,
    ListItem = 3,
    Cell = 4,
    Definition = 5,
    Preformatted = 6,
    /// A generic block: div, section, article, …
    Block = 7,
    /// An inline element laid out as a block (span, a, label with display
    /// block or flex).
    Inline = 8,
    Control = 9,
    Caption = 10,
    Quote = 11,
}

pub fn element_kind(page: &Page, leaf: &Leaf) -> ElementKind {
    if !leaf.element {
        return ElementKind::Anonymous;
    }
    let Some(e) = page.element(leaf.id) else { return ElementKind::Anonymous };
    match e.tag {
        Tag::P => ElementKind::Paragraph,
        t if t.heading_level().is_some() => ElementKind::Heading,
        Tag::Li => ElementKind::ListItem,
        Tag::Td | Tag::Th => ElementKind::Cell,
        Tag::Dd | Tag::Dt => ElementKind::Definition,
        Tag::Pre | Tag::Code => ElementKind::Preformatted,
        Tag::Button | Tag::Label | Tag::Option | Tag::Select | Tag::Summary | Tag::Legend => ElementKind::Control,
        Tag::Figcaption | Tag::Caption => ElementKind::Caption,
        Tag::Blockquote => ElementKind::Quote,
        t if t.is_inline_by_default() => ElementKind::Inline,
        _ => ElementKind::Block,
    }
}

pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "shape.element",
        signal: "shape",
        label: "element",
        source: "HTML element",
        description: "The leaf's element kind: 0 anonymous text, 1 p, 2 heading, 3 li, 4 td/th, 5 dd/dt, 6 pre/code, 7 other block, 8 inline element as a block, 9 control, 10 caption, 11 blockquote.",
    },
    ColumnSpec {
        key: "shape.sentenceEnd",
        signal: "shape",
        label: "ends sentence",
        source: "text",
        description: "1 where the leaf's text ends with a sentence-final mark (after closing quotes or brackets).",
    },
    ColumnSpec {
        key: "shape.capital",
        signal: "shape",
        label: "capitalised",
        source: "text",
        description: "1 where the leaf's first letter is upper-case (or the script has no case).",
    },
    ColumnSpec {
        key: "shape.digits",
        signal: "shape",
        label: "digits",
        source: "text",
        description: "Share of the leaf's visible characters that are digits (prices, dates, counts).",
    },
    ColumnSpec {
        key: "shape.price",
        signal: "shape",
        label: "price",
        source: "text: currency sign or code beside a digit",
        description: "1 where the leaf's text holds a price.",
    },
    ColumnSpec {
        key: "shape.repeats",
        signal: "shape",
        label: "repeats",
        source: "text",
        description: "How many other leaves of the page have the same text (menus, buttons and labels repeat; paragraphs do not).",
    },
    ColumnSpec {
        key: "shape.wordLength",
        signal: "shape",
        label: "word length",
        source: "text",
        description: "Visible characters per word.",
    },
];

/// FNV-1a of a leaf's text, lower-cased, whitespace collapsed: equal texts
/// hash alike.
fn text_key(text: &str) -> u64 {
    use super::vocabulary::{fnv, fnv_lower, FNV_OFFSET};
    let mut h = FNV_OFFSET;
    if text.is_ascii() {
        // The same hash byte by byte, no character decoded (session 33,
        // with the digits counted as bytes below: `shape::score` 393 →
        // 348 M instructions, callgrind over `pith-lab profile wcxb-dev
        // --limit 60`).
        for w in text.as_bytes().split(|&b| crate::text::is_space_byte(b)).filter(|w| !w.is_empty()) {
            h = w.iter().fold(h, |h, &b| fnv_lower(h, char::from(b)));
            h = fnv(h, b" ");
        }
        return h;
    }
    for w in text.split_whitespace() {
        h = w.chars().fold(h, fnv_lower);
        h = fnv(h, b" ");
    }
    h
}

/// Writes [`COLUMNS`] on leaf rows.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    let keys: Vec<u64> = cx.seg.leaves.iter().map(|l| text_key(l.text(cx.page))).collect();
    let mut sorted = keys.clone();
    crate::sort::sort(&mut sorted);
    let count = |k: u64| sorted.partition_point(|&x| x <= k) - sorted.partition_point(|&x| x < k);
    for (i, leaf) in cx.seg.leaves.iter().enumerate() {
        table.set(c[5], leaf.id, (count(keys[i]) - 1) as f32);
        let t = leaf.text(cx.page).trim_end_matches(|ch: char| {
            ch.is_whitespace() || matches!(ch, '"' | '\'' | '”' | '’' | ')' | ']' | '»' | '」' | '』')
        });
        let ends = t.ends_with(SENTENCE_END);
        let first = leaf.text(cx.page).chars().find(|&ch| crate::text::is_word_char(ch) && !ch.is_ascii_digit());
        let capital = first.is_some_and(|ch| crate::text::is_upper(ch) || !crate::text::has_case(ch));
        // Bytes, not characters: no byte of a multi-byte character is an ASCII digit.
        let digits = leaf.text(cx.page).bytes().filter(u8::is_ascii_digit).count() as f32 / leaf.chars.max(1) as f32;
        table.set(c[0], leaf.id, element_kind(cx.page, leaf) as u8 as f32);
        table.set(c[1], leaf.id, if ends { 1.0 } else { 0.0 });
        table.set(c[2], leaf.id, if capital { 1.0 } else { 0.0 });
        table.set(c[3], leaf.id, digits);
        table.set(c[4], leaf.id, if has_price(leaf.text(cx.page)) { 1.0 } else { 0.0 });
        table.set(c[6], leaf.id, leaf.chars as f32 / leaf.words.max(1) as f32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keys_of_ascii_are_the_characters_hash() {
        // The ASCII path against the characters' path, on texts that take
        // it and their copies with a non-ASCII space that does not.
        for t in ["Read  more", " \t\x0bSign\x0cUp\r\n now ", "", "   ", "A_b-C 12"] {
            let wide = format!("{t}\u{2003}");
            assert_eq!(text_key(t), text_key(&wide), "{t:?}");
        }
        assert_ne!(text_key("read more"), text_key("readmore"));
    }

    #[test]
    fn prices() {
        for yes in ["$12.99", "12,99 €", "From £5", "USD 40", "R 450"] {
            assert!(has_price(yes), "{yes}");
        }
        for no in ["Read more", "Rated 4.5", "Room 12", "EUROPE 2024x", "Ünïcödé €uro sign alone"] {
            assert!(!has_price(no), "{no}");
        }
    }
}
