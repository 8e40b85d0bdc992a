//! Sentences: where each sentence of a block's text starts and ends, for
//! the reader's Listen player (issue 9) and any other consumer.
//!
//! The boundaries are Unicode's (UAX #29 §5, "Sentence Boundaries", through
//! the `unicode-segmentation` crate: Unicode 17 tables), which already keep
//! decimals ("3.14", rule SB6), lower-case continuations after a full stop
//! ("etc. and", "... and then", SB8), upper-case initialisms without spaces
//! ("U.S.A", SB7) and break after CJK and Arabic stops ("。", "！", "؟").
//! On top of them, four repairs UAX #29 leaves to tailoring (§5.1 notes
//! that abbreviations need language-specific tailoring):
//!
//! 1. after an abbreviation ([`ABBREVIATIONS`]), an initial ("J. R. R.",
//!    "M. Dupont", "z. B.") or a dotted initialism ("U.S.", "e.g.") the
//!    sentence goes on;
//! 2. a break inside a word (no space on either side: "x.org/?Q=1",
//!    "Yahoo!Mail") is no break;
//! 3. closing quotes and brackets that UAX #29 puts after the space
//!    (French «&nbsp;Bonjour&nbsp;!&nbsp;», SB11 breaks before the `»`) go
//!    with the sentence they close;
//! 4. after `?` or `!` (and closers), a lower-case continuation belongs to
//!    the same sentence ("“Stop!” she said.": SB8 covers only full stops).
//!
//! A sentence is a range of UTF-16 code units over the block's text as the
//! reader renders it (`article::plain` of its inline runs, a line break one
//! unit, `\n`), trimmed of white space: the unit of JavaScript strings and
//! DOM `Range` offsets, so the reader uses them as they are. A block's
//! ranges are one flat list `[start, end, start, end, …]` (compact in the
//! reader's storage).

use unicode_segmentation::UnicodeSegmentation;

use crate::article::{plain, Block, Inline};

/// Words that end in a full stop without ending a sentence, compared without
/// the stop and ignoring case: English titles and references (the
/// abbreviations Punkt's English model and NLTK list most often), German
/// ("Nr.", "vgl.", "bzw.": Duden's list of common abbreviations) and French
/// ("Mme", "cf", "env."). Words that as often end a sentence ("etc.",
/// "usw.", "Inc.") are left out: a wrong join reads worse than a wrong break.
pub const ABBREVIATIONS: &[&str] = &[
    // English
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "vs", "cf", "approx", "fig", "figs", "vol",
    "pp", "gen", "col", "lt", "capt", "sgt", "rev", "hon", "gov", "sen", "rep", "jan", "feb", "mar",
    "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "ca",
    // German
    "nr", "vgl", "bzw", "ggf", "hr", "fr", "dipl", "ing", "inkl", "evtl", "str", "abs", "bspw",
    // French
    "mme", "mlle", "mm", "env", "av", "éd",
];

/// The longest part of a dotted initialism ("U.S.", "e.g.", "z.B.", "d.h."):
/// one or two letters between the stops. Chosen by hand: "Ph.D." still
/// counts, a URL's "www.example.com" does not.
pub const INITIALISM_MAX_PART: usize = 2;

/// Sentence ranges of `text`: flat `[start, end, …]` in UTF-16 code units,
/// trimmed, empty sentences left out.
pub fn split(text: &str) -> Vec<u32> {
    // Byte ranges of the merged sentences.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for (start, end) in segments(text) {
        let mut start = start;
        // Repair 5: opening brackets and quotes that UAX #29 left at the end
        // of the sentence before ("。「", SB9 counts openers as Close) open
        // this one.
        if let Some(last) = spans.last_mut() {
            let prev = &text[last.0..last.1];
            let kept = prev.trim_end_matches(is_opener);
            if kept.len() < prev.len() && !kept.trim().is_empty() {
                let moved = prev.len() - kept.len();
                last.1 -= moved;
                start -= moved;
            }
        }
        let seg = &text[start..end];
        match spans.last_mut() {
            Some(last) if joins(&text[last.0..last.1], &text[start..end]) => last.1 = end,
            Some(last) => {
                // Repair 3: closers that UAX #29 put after the space go back.
                let closers = leading_closers(seg);
                if closers > 0 {
                    last.1 = start + closers;
                    if closers < seg.len() {
                        let rest = &text[start + closers..end];
                        if continues_lower(&text[last.0..last.1], rest) {
                            last.1 = end;
                        } else {
                            spans.push((start + closers, end));
                        }
                    }
                } else {
                    spans.push((start, end));
                }
            }
            None => spans.push((start, end)),
        }
    }
    let mut out = Vec::with_capacity(spans.len() * 2);
    let mut units = 0u32; // UTF-16 offset of `at`
    let mut at = 0usize;
    // An ASCII character is one UTF-16 unit.
    let ascii = text.is_ascii();
    let advance = |to: usize, units: &mut u32, at: &mut usize| {
        *units += if ascii { (to - *at) as u32 } else { text[*at..to].encode_utf16().count() as u32 };
        *at = to;
    };
    for (s, e) in spans {
        let seg = &text[s..e];
        let trimmed_start = s + (seg.len() - seg.trim_start().len());
        let trimmed_end = s + seg.trim_end().len();
        if trimmed_start >= trimmed_end {
            continue;
        }
        advance(trimmed_start, &mut units, &mut at);
        let a = units;
        advance(trimmed_end, &mut units, &mut at);
        out.push(a);
        out.push(units);
    }
    out
}

/// UAX #29's sentence segments of `text`, as byte ranges: the
/// `unicode-segmentation` crate's, or for a text of the characters
/// [`sb`] knows (ASCII, Latin-1's letters, typographic quotes and dashes:
/// most pages' text) [`known_segments`], which gives the same ranges
/// without the crate's per-character table search (`tests/properties.rs`
/// compares the two on random texts). The crate's search was 6 % of the
/// core's instructions (`valgrind --tool=callgrind pith-lab profile
/// wcxb-dev --limit 60`, 2026-11-27).
pub fn segments(text: &str) -> Vec<(usize, usize)> {
    if text.is_ascii() {
        // A byte is a character: its class from a table, its offset its
        // index (session 33: `split` 244 → 174 M instructions with the
        // 16-byte (offset, class) pairs gone, callgrind over `pith-lab
        // profile wcxb-dev --limit 60`).
        let classes: Vec<Sb> = text.bytes().map(|b| ASCII_SB[b as usize]).collect();
        return known_segments(&classes, None, text.len());
    }
    let mut classes = Vec::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        match sb(c) {
            Some(class) => {
                classes.push(class);
                offsets.push(i);
            }
            None => return text.split_sentence_bound_indices().map(|(i, s)| (i, i + s.len())).collect(),
        }
    }
    known_segments(&classes, Some(&offsets), text.len())
}

/// [`sb`] of every ASCII character (all are known), by its code.
const ASCII_SB: [Sb; 128] = {
    let mut t = [Sb::Other; 128];
    let mut b = 0;
    while b < 128 {
        t[b] = match sb_ascii(b as u8) {
            Some(class) => class,
            None => Sb::Other,
        };
        b += 1;
    }
    t
};

/// UAX #29 §5.1's sentence break classes of the characters [`sb`] knows
/// (SentenceBreakProperty.txt; none of them is Extend, Format, Sep or
/// OLetter).
#[derive(Clone, Copy, PartialEq)]
enum Sb {
    Sp,
    Lower,
    Upper,
    Numeric,
    ATerm,
    STerm,
    Close,
    SContinue,
    Cr,
    Lf,
    Other,
}

/// The class of `c`, for ASCII and the commonest other characters of
/// Western text; None for the rest (the crate's tables decide those).
fn sb(c: char) -> Option<Sb> {
    if c.is_ascii() {
        return sb_ascii(c as u8);
    }
    Some(match c {
        '\u{A0}' => Sb::Sp,
        '\u{DF}'..='\u{F6}' | '\u{F8}'..='\u{FF}' => Sb::Lower,
        '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{DE}' => Sb::Upper,
        '«' | '»' | '‘' | '’' | '“' | '”' => Sb::Close,
        '–' | '—' => Sb::SContinue,
        '©' | '®' | '°' | '£' | '€' | '•' | '…' | '™' | '×' => Sb::Other,
        _ => return None,
    })
}

/// [`sb`] of an ASCII character (a `const fn`, for [`ASCII_SB`]).
const fn sb_ascii(c: u8) -> Option<Sb> {
    Some(match c {
        b'\t' | 0x0B | 0x0C | b' ' => Sb::Sp,
        b'\n' => Sb::Lf,
        b'\r' => Sb::Cr,
        b'a'..=b'z' => Sb::Lower,
        b'A'..=b'Z' => Sb::Upper,
        b'0'..=b'9' => Sb::Numeric,
        b'.' => Sb::ATerm,
        b'!' | b'?' => Sb::STerm,
        b'"' | b'\'' | b'(' | b')' | b'[' | b']' | b'{' | b'}' => Sb::Close,
        b',' | b'-' | b':' | b';' => Sb::SContinue,
        0..=0x7F => Sb::Other,
        _ => return None,
    })
}

/// UAX #29 §5.2's rules SB1–SB11 over characters of known classes, in a
/// text of `len` bytes: the byte ranges of the
/// sentence segments. The text's characters' classes, and their byte
/// offsets (None: each character one byte, ASCII).
fn known_segments(classes: &[Sb], offsets: Option<&[usize]>, len: usize) -> Vec<(usize, usize)> {
    let n = classes.len();
    let class = |i: usize| classes[i];
    let at = |i: usize| if i < n { offsets.map_or(i, |o| o[i]) } else { len };
    // After a paragraph separator at `i` (CR LF is one, SB3): its end.
    let past_para = |i: usize| if class(i) == Sb::Cr && i + 1 < n && class(i + 1) == Sb::Lf { i + 2 } else { i + 1 };
    let mut ends = Vec::new();
    let mut i = 0;
    while i < n {
        let c = class(i);
        match c {
            // SB4: a break after every paragraph separator.
            Sb::Cr | Sb::Lf => {
                i = past_para(i);
                ends.push(at(i));
            }
            Sb::ATerm | Sb::STerm => {
                let term = i;
                i += 1;
                if c == Sb::ATerm && i < n {
                    // SB6: "3.14"; SB7: "U.S".
                    let next = class(i);
                    if next == Sb::Numeric || (next == Sb::Upper && term > 0 && matches!(class(term - 1), Sb::Upper | Sb::Lower)) {
                        continue;
                    }
                }
                // SB9, SB10: closers, then spaces, stay with the sentence.
                while i < n && class(i) == Sb::Close {
                    i += 1;
                }
                while i < n && class(i) == Sb::Sp {
                    i += 1;
                }
                if i == n {
                    break;
                }
                // SB11: and a paragraph separator, then a break.
                if matches!(class(i), Sb::Cr | Sb::Lf) {
                    i = past_para(i);
                    ends.push(at(i));
                    continue;
                }
                // SB8a: no break before a continuation or another terminator.
                if matches!(class(i), Sb::SContinue | Sb::ATerm | Sb::STerm) {
                    continue;
                }
                // SB8: after a full stop, none before a lower-case word
                // reached through anything but letters, separators and
                // terminators ("etc. (and", "... 5 ants").
                if c == Sb::ATerm {
                    let mut j = i;
                    while j < n && !matches!(class(j), Sb::Upper | Sb::Lower | Sb::Cr | Sb::Lf | Sb::ATerm | Sb::STerm) {
                        j += 1;
                    }
                    if j < n && class(j) == Sb::Lower {
                        continue;
                    }
                }
                ends.push(at(i));
            }
            _ => i += 1,
        }
    }
    // SB2: the text's end ends the last segment.
    if len > 0 && ends.last() != Some(&len) {
        ends.push(len);
    }
    let mut start = 0;
    ends.into_iter()
        .map(|e| {
            let r = (start, e);
            start = e;
            r
        })
        .collect()
}

/// Whether the UAX #29 segment `next` continues the sentence `current`.
fn joins(current: &str, next: &str) -> bool {
    let (Some(last), Some(first)) = (current.chars().next_back(), next.chars().next()) else { return false };
    // Repair 2: a break inside a word.
    if !last.is_whitespace() && !first.is_whitespace() && last.is_ascii_punctuation() {
        return true;
    }
    // Repair 1: abbreviations, initials, initialisms.
    if ends_with_abbreviation(current) {
        return true;
    }
    continues_lower(current, next)
}

/// Repair 4: `current` ends in `?`/`!` (and closers) and `next` goes on in
/// lower case; or it ends in a terminator and a closing quote, and `next`
/// goes on at once with a letter that is not upper case (Japanese and
/// Chinese quotes: "「行きましょう！」と彼は言った。").
fn continues_lower(current: &str, next: &str) -> bool {
    let end = current.trim_end_matches(|c: char| is_closer(c) || c.is_whitespace());
    let quoted = current.ends_with(is_closer) && end.ends_with(['.', '?', '!', '。', '？', '！', '．']);
    if quoted && next.chars().next().is_some_and(|c| c.is_alphabetic() && !c.is_uppercase()) {
        return true;
    }
    if !end.ends_with(['?', '!', '？', '！']) {
        return false;
    }
    next.trim_start().chars().next().is_some_and(char::is_lowercase)
}

/// Opening brackets and quotes that never close anything (the ambiguous
/// `"`, `“` and `’` are left to UAX #29).
fn is_opener(c: char) -> bool {
    matches!(c, '(' | '[' | '{' | '«' | '‹' | '„' | '‚' | '「' | '『' | '（' | '《' | '〈')
}

/// Closing quotation marks and brackets (Unicode Pe and Pf, and the ASCII
/// quotes, which UAX #29 also counts as Close).
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | ')' | ']' | '}' | '»' | '›' | '”' | '’' | '」' | '』' | '）' | '》' | '〉')
}

/// Bytes of closers (and the spaces among and after them) at the start of
/// `seg`; 0 unless it starts with a closer.
fn leading_closers(seg: &str) -> usize {
    if !seg.starts_with(is_closer) {
        return 0;
    }
    let rest = seg.trim_start_matches(|c: char| is_closer(c) || c.is_whitespace());
    seg.len() - rest.len()
}

/// Whether `text` ends in an abbreviation, an initial or an initialism
/// followed by its full stop (and white space).
fn ends_with_abbreviation(text: &str) -> bool {
    let t = text.trim_end();
    let Some(word) = t.strip_suffix('.') else { return false };
    let word = word
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("")
        .trim_start_matches(['(', '[', '"', '\'', '«', '„', '“', '‘', '‹']);
    if word.is_empty() {
        return false;
    }
    // ASCII case folding only: full case mapping (`to_lowercase`) would
    // bring Unicode's case tables into the wasm for a list that is ASCII
    // but for "é", which abbreviations write in lower case.
    if ABBREVIATIONS.iter().any(|a| a.eq_ignore_ascii_case(word)) {
        return true;
    }
    // An initial ("J.", "M.", "z.") or an initialism ("U.S", "e.g", "z.B"):
    // every dot-separated part is one or two letters, the last one letter
    // (so "Ph.D" counts, "in.Go" does not).
    let parts: Vec<&str> = word.split('.').collect();
    parts.iter().all(|p| {
        let n = p.chars().count();
        (1..=INITIALISM_MAX_PART).contains(&n) && p.chars().all(char::is_alphabetic)
    }) && parts.last().is_some_and(|p| p.chars().count() == 1)
}

/// The text a block's sentence ranges are over: the inline runs as the
/// reader renders them, or the block's text when it has no runs.
pub fn rendered_text(inlines: &[Inline], text: &str) -> String {
    if inlines.is_empty() {
        text.to_string()
    } else {
        plain(inlines)
    }
}

/// Fills in the sentence ranges of every heading, paragraph, table cell and
/// figure caption, nested ones included.
pub fn annotate(blocks: &mut [Block]) {
    for b in blocks {
        match b {
            Block::Heading { inlines, text, sentences, .. } | Block::Paragraph { inlines, text, sentences, .. } => {
                *sentences = split(&rendered_text(inlines, text));
            }
            Block::List { items, .. } => {
                for item in items {
                    annotate(&mut item.blocks);
                }
            }
            Block::Quote { blocks, .. } => annotate(blocks),
            Block::Table { rows, .. } => {
                for cell in rows.iter_mut().flat_map(|r| r.cells.iter_mut()) {
                    cell.sentences = split(&rendered_text(&cell.inlines, &cell.text));
                }
            }
            Block::Figure { caption, caption_sentences, .. } => *caption_sentences = split(&plain(caption)),
            Block::Code { .. } | Block::Rule { .. } | Block::Definitions { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentences of `text`, as strings.
    fn sentences(text: &str) -> Vec<String> {
        let units: Vec<u16> = text.encode_utf16().collect();
        split(text)
            .chunks(2)
            .map(|r| String::from_utf16(&units[r[0] as usize..r[1] as usize]).unwrap())
            .collect()
    }

    #[test]
    fn english() {
        assert_eq!(
            sentences("The cat sat. The dog ran! Did it rain? Yes."),
            ["The cat sat.", "The dog ran!", "Did it rain?", "Yes."]
        );
    }

    #[test]
    fn abbreviations() {
        assert_eq!(
            sentences("Dr. Smith met Mr. Jones. They talked, e.g. about Rome. The U.S. Army came. It left."),
            ["Dr. Smith met Mr. Jones.", "They talked, e.g. about Rome.", "The U.S. Army came.", "It left."]
        );
        assert_eq!(sentences("Ask e.g. Anna. Or i.e. Bob."), ["Ask e.g. Anna.", "Or i.e. Bob."]);
        assert_eq!(sentences("J. R. R. Tolkien wrote it. See Fig. 3 for more."), ["J. R. R. Tolkien wrote it.", "See Fig. 3 for more."]);
        // "etc." may end a sentence: it is not in the list.
        assert_eq!(sentences("Cats, dogs etc. Then birds."), ["Cats, dogs etc.", "Then birds."]);
    }

    #[test]
    fn decimals_and_numbers() {
        assert_eq!(
            sentences("Pi is 3.14159 and e is 2.718. It costs $4.50 today."),
            ["Pi is 3.14159 and e is 2.718.", "It costs $4.50 today."]
        );
        assert_eq!(sentences("Version 1.2.3 is out. Get it."), ["Version 1.2.3 is out.", "Get it."]);
    }

    #[test]
    fn ellipses() {
        assert_eq!(sentences("Wait... what was that? Nothing."), ["Wait... what was that?", "Nothing."]);
        assert_eq!(sentences("He paused... Then he left."), ["He paused...", "Then he left."]);
        // U+2026 is not a sentence terminator in UAX #29: no break after it.
        assert_eq!(sentences("Well… maybe. Fine."), ["Well… maybe.", "Fine."]);
    }

    #[test]
    fn quotes() {
        assert_eq!(
            sentences("\u{201c}Stop!\u{201d} she said. \u{201c}Why?\u{201d} He shrugged."),
            ["\u{201c}Stop!\u{201d} she said.", "\u{201c}Why?\u{201d}", "He shrugged."]
        );
        assert_eq!(sentences("He said \"go.\" Then he went."), ["He said \"go.\"", "Then he went."]);
        assert_eq!(sentences("(It was late.) We left."), ["(It was late.)", "We left."]);
    }

    #[test]
    fn urls() {
        assert_eq!(
            sentences("See https://example.org/a.html?Q=1&x=Y.Z for details. Or www.example.com. Done."),
            ["See https://example.org/a.html?Q=1&x=Y.Z for details.", "Or www.example.com.", "Done."]
        );
        assert_eq!(sentences("Mail me at a.b@example.com! Thanks."), ["Mail me at a.b@example.com!", "Thanks."]);
    }

    #[test]
    fn german() {
        assert_eq!(
            sentences("Dr. Müller kam z. B. gestern. Er wohnt in der Str. 5, Nr. 3. Das ist gut, d.h. Alles klar."),
            ["Dr. Müller kam z. B. gestern.", "Er wohnt in der Str. 5, Nr. 3.", "Das ist gut, d.h. Alles klar."]
        );
        assert_eq!(sentences("„Komm!“ Sie kam. Der Preis ist 3,50 €."), ["„Komm!“", "Sie kam.", "Der Preis ist 3,50 €."]);
    }

    #[test]
    fn french() {
        assert_eq!(
            sentences("M. Dupont est arrivé. Mme Durand aussi ! Vraiment ? Oui."),
            ["M. Dupont est arrivé.", "Mme Durand aussi !", "Vraiment ?", "Oui."]
        );
        assert_eq!(
            sentences("« Bonjour ! » dit-il. « Au revoir. » Puis il partit."),
            ["« Bonjour ! » dit-il.", "« Au revoir. »", "Puis il partit."]
        );
    }

    #[test]
    fn chinese() {
        assert_eq!(
            sentences("今天天气很好。我们去公园吧！你来吗？好的。"),
            ["今天天气很好。", "我们去公园吧！", "你来吗？", "好的。"]
        );
        assert_eq!(sentences("圆周率约为3.14。对吗？"), ["圆周率约为3.14。", "对吗？"]);
    }

    #[test]
    fn japanese() {
        assert_eq!(
            sentences("今日は晴れです。「行きましょう！」と彼は言った。本当ですか？"),
            ["今日は晴れです。", "「行きましょう！」と彼は言った。", "本当ですか？"]
        );
    }

    #[test]
    fn arabic() {
        assert_eq!(
            sentences("ذهب الولد إلى المدرسة. هل أنت بخير؟ نعم، أنا بخير!"),
            ["ذهب الولد إلى المدرسة.", "هل أنت بخير؟", "نعم، أنا بخير!"]
        );
    }

    #[test]
    fn utf16_units_and_trimming() {
        // "𝔸" is two UTF-16 units; spaces and line breaks around sentences are not in them.
        assert_eq!(split("  𝔸 bc.\n Cé dé. "), vec![2, 8, 10, 16]);
        assert_eq!(split(""), Vec::<u32>::new());
        assert_eq!(split("   "), Vec::<u32>::new());
        assert_eq!(sentences("No stop at the end"), ["No stop at the end"]);
    }

    #[test]
    fn annotate_fills_every_spoken_block_over_its_rendered_runs() {
        use crate::article::{Cell, ListItem, Row};
        let text = |t: &str| Inline::Text { text: t.to_string() };
        // "Hi there. " + link "Go now." + <br> + "Next": the break is one unit.
        let runs = vec![
            text("Hi there. "),
            Inline::Link { href: "https://example.org/".into(), children: vec![text("Go now.")] },
            Inline::Break,
            text("Next"),
        ];
        let para = |inlines: Vec<Inline>, t: &str| Block::Paragraph { inlines, text: t.to_string(), nodes: vec![], sentences: vec![], role: None };
        let mut blocks = vec![
            para(runs, "ignored: the runs are what the reader renders"),
            Block::List {
                ordered: false,
                start: None,
                items: vec![ListItem { blocks: vec![para(vec![], "One. Two.")], nodes: vec![] }],
                nodes: vec![],
            },
            Block::Table {
                caption: vec![],
                rows: vec![Row {
                    head: false,
                    cells: vec![Cell { header: false, colspan: 1, rowspan: 1, inlines: vec![text("Ab cd. Ef gh.")], text: "Ab cd. Ef gh.".into(), sentences: vec![] }],
                }],
                nodes: vec![],
            },
            Block::Figure { images: vec![], caption: vec![text("A pier. At dawn.")], nodes: vec![], caption_sentences: vec![] },
        ];
        annotate(&mut blocks);
        let Block::Paragraph { sentences, .. } = &blocks[0] else { unreachable!() };
        assert_eq!(sentences, &[0, 9, 10, 17, 18, 22]);
        let Block::List { items, .. } = &blocks[1] else { unreachable!() };
        let Block::Paragraph { sentences, .. } = &items[0].blocks[0] else { unreachable!() };
        assert_eq!(sentences, &[0, 4, 5, 9]);
        let Block::Table { rows, .. } = &blocks[2] else { unreachable!() };
        assert_eq!(rows[0].cells[0].sentences, [0, 6, 7, 13]);
        let Block::Figure { caption_sentences, .. } = &blocks[3] else { unreachable!() };
        assert_eq!(caption_sentences, &[0, 7, 8, 16]);
    }

    #[test]
    fn the_extraction_carries_the_sentences() {
        let page = crate::html::parse_document(
            "<html><body><article><h1>Title here</h1><p>Dr. Who came at 3.15 pm. He left; e.g. at four. Then rain.</p>\
             <p>Second paragraph of the article, long enough to count. It has two sentences.</p></article></body></html>",
            "https://example.test/a",
        )
        .unwrap();
        let out = crate::extract::extract(&page, &crate::extract::Options::default()).unwrap();
        let Some(Block::Paragraph { text, sentences, .. }) = out.blocks.iter().find(|b| matches!(b, Block::Paragraph { .. })) else {
            panic!("a paragraph: {:?}", out.blocks)
        };
        assert!(text.starts_with("Dr. Who"), "{text}");
        assert_eq!(sentences, &[0, 24, 25, 47, 48, 58]);
    }

    #[test]
    fn texts_without_terminators_are_one_sentence_as_uax29_says() {
        for t in ["", "  ", "Plain heading", "  padded item  ", "Price: $10, 2 colours (new)", "a;b:c, d"] {
            let whole: Vec<(usize, &str)> = t.split_sentence_bound_indices().collect();
            assert!(whole.len() <= 1, "{t:?}");
            let trimmed = t.trim();
            let want = if trimmed.is_empty() {
                vec![]
            } else {
                let s = (t.len() - t.trim_start().len()) as u32;
                vec![s, s + trimmed.len() as u32]
            };
            assert_eq!(split(t), want, "{t:?}");
        }
    }

    #[test]
    fn line_breaks_split() {
        // A line break (a <br>) ends a sentence (UAX #29 SB4).
        assert_eq!(sentences("First line\nSecond line."), ["First line", "Second line."]);
    }
}
