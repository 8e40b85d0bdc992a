//! Text measures shared by every method: whitespace, words.

/// Collapses every run of whitespace to one space, as CSS `white-space:
/// normal` renders it. Leading and trailing space is kept as one space so
/// that inline pieces can be joined without gluing words together.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            if !in_space {
                out.push(' ');
                in_space = true;
            }
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

/// True when the text has no visible character.
/// (Whitespace only: the walkers skip such text nodes, and the JS walker's
/// `BLANK` must read the same. [`draws_nothing`] also counts zero-width
/// marks, for the article's blocks.)
pub fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

/// Characters that draw nothing: the zero-width space, non-joiner,
/// joiner and word joiner, and the byte-order mark. A text of these alone
/// (with whitespace) makes no paragraph or heading in the article
/// ([`draws_nothing`]): site builders fill an
/// empty paragraph with one to keep its height (`<p>&zwj;</p>`, a spacer),
/// which the reader would show as an empty paragraph and Listen read as an
/// empty sentence (session 35: 323 such lines on 32 wcxb-dev pages, in 2
/// truths). Inside a text they stay as the page has them (a non-joiner
/// in a Persian word, a joiner in an emoji sequence, a zero-width space
/// between two words).
pub const ZERO_WIDTH_MARKS: &[char] = &['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}'];

/// Whether `text` is empty or made of whitespace and [`ZERO_WIDTH_MARKS`]
/// alone: no paragraph or heading in the article ([`crate::article`]).
/// (Every paragraph is asked: the scan stops at its first visible character.)
pub fn draws_nothing(text: &str) -> bool {
    text.chars().all(|c| c.is_whitespace() || ZERO_WIDTH_MARKS.contains(&c))
}

/// Marks a line of them alone says nothing with ([`separates_only`]):
/// dashes, bullets and dots that pages set as spacers between blocks (a
/// lone "—", "– – –", "•", "…"), besides ASCII punctuation.
pub const SPACER_MARKS: &[char] = &['\u{2010}', '\u{2012}', '\u{2013}', '\u{2014}', '\u{2015}', '\u{2022}', '\u{2026}', '\u{00B7}', '\u{00A6}'];

/// Whether `text` is punctuation and [`SPACER_MARKS`] alone (with
/// whitespace and [`ZERO_WIDTH_MARKS`]): a spacer, a stray "/" or ")" left
/// between blocks, no paragraph in the article ([`crate::article`]): 59
/// paragraphs over every other wcxb-dev page (".", "/", ")", "—",
/// "********"), none of them text. A symbol is kept ("★★★★★", "💡").
pub fn separates_only(text: &str) -> bool {
    text.chars().all(|c| c.is_whitespace() || c.is_ascii_punctuation() || SPACER_MARKS.contains(&c) || ZERO_WIDTH_MARKS.contains(&c))
}

/// Scripts written without spaces between words: each character counts as
/// one word (Han, Hiragana, Katakana). Seed 000 measured Chinese pages, where
/// WordNum can only mean characters.
pub fn is_unspaced(c: char) -> bool {
    // One comparison for every character below Hiragana (most characters
    // of most texts) before the ranges.
    let u = c as u32;
    u >= 0x3040 && matches!(u,
        0x3040..=0x30FF   // Hiragana, Katakana
        | 0x3400..=0x4DBF // CJK Extension A
        | 0x4E00..=0x9FFF // CJK Unified Ideographs
        | 0xF900..=0xFAFF // CJK Compatibility Ideographs
        | 0x20000..=0x2FA1F)
}

/// A character that is part of a word, close to the Unicode `\w` class
/// (letters, marks, digits, connector punctuation) the evaluation's
/// tokeniser uses, without Unicode's property tables (kilobytes of the
/// shipped wasm): ASCII letters, digits and `_`; beyond ASCII, every
/// character outside the blocks of punctuation, symbols, spaces, emoji
/// and private use. Scripts are letters; that is enough for counting.
///
/// Inlined for its ASCII test: the segmentation, keyword and page-words
/// passes call it for every character of the page's text.
#[inline]
pub fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    is_word_char_wide(c)
}

/// [`is_word_char`] beyond ASCII.
fn is_word_char_wide(c: char) -> bool {
    let u = c as u32;
    !matches!(u,
        0x80..=0xBF          // Latin-1 controls, punctuation, signs (ª º are rare)
        | 0xD7 | 0xF7        // × ÷
        | 0x2000..=0x206F    // general punctuation, spaces, dashes, quotes
        | 0x20A0..=0x20CF    // currency signs
        | 0x2190..=0x2BFF    // arrows, maths, technical, boxes, shapes, dingbats
        | 0x2E00..=0x2E7F    // supplemental punctuation
        | 0x3000..=0x3004    // CJK spaces and marks
        | 0x3008..=0x303F    // CJK brackets and punctuation
        | 0xE000..=0xF8FF    // private use (icon fonts)
        | 0xFE10..=0xFE1F    // vertical forms
        | 0xFE30..=0xFE4F    // CJK compatibility forms
        | 0xFE50..=0xFE6F    // small forms
        | 0xFEFF             // byte order mark
        | 0xFF01..=0xFF0F | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF65 // full-width punctuation
        | 0xFFF0..=0xFFFF    // specials
        | 0x1F000..=0x1FAFF  // emoji, symbols, pictographs
    ) && !c.is_whitespace()
}

/// Number of words: runs of word characters, where each character of an
/// unspaced script counts as a word of its own.
pub fn word_count(s: &str) -> usize {
    chars_and_words(s).1
}

/// The characters of `s` that are not whitespace, and its words (runs of
/// word characters, each character of an unspaced script a word of its
/// own: [`word_count`]), in one pass over the text (the segmentation measures every text
/// node so; two passes were 2 % of the core's instructions, callgrind over
/// `pith-lab profile`, session 15).
pub fn chars_and_words(s: &str) -> (usize, usize) {
    let (mut chars, mut count, mut in_word) = (0, 0, false);
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let x = b[i];
        if x.is_ascii() {
            // ASCII, byte by byte (no character decoded; session 26): no
            // unspaced script; whitespace as `char::is_whitespace`.
            i += 1;
            match ASCII_CLASS[usize::from(x)] {
                ASCII_WORD => {
                    count += usize::from(!in_word);
                    in_word = true;
                    chars += 1;
                }
                ASCII_SPACE => in_word = false,
                _ => {
                    in_word = false;
                    chars += 1;
                }
            }
            continue;
        }
        let c = s[i..].chars().next().unwrap_or(' ');
        i += c.len_utf8();
        chars += usize::from(!c.is_whitespace());
        if is_unspaced(c) {
            count += 1;
            in_word = false;
        } else if is_word_char(c) {
            count += usize::from(!in_word);
            in_word = true;
        } else {
            in_word = false;
        }
    }
    (chars, count)
}

/// [`ASCII_CLASS`]: a word character (letter, digit, `_`).
const ASCII_WORD: u8 = 0;
/// [`ASCII_CLASS`]: whitespace as `char::is_whitespace` has it.
const ASCII_SPACE: u8 = 1;
/// [`ASCII_CLASS`]: anything else.
const ASCII_OTHER: u8 = 2;

/// Each ASCII byte's class, for [`chars_and_words`].
const ASCII_CLASS: [u8; 128] = {
    let mut t = [ASCII_OTHER; 128];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[i] = ASCII_WORD;
        } else if is_space_byte(c) {
            t[i] = ASCII_SPACE;
        }
        i += 1;
    }
    t
};

/// Whether byte `b` is an ASCII whitespace character as
/// `char::is_whitespace` has it (U+000B included, which
/// `u8::is_ascii_whitespace` leaves out).
pub const fn is_space_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Lower-cased text with runs of non-word characters reduced to one space,
/// for comparing titles and headings.
pub fn fold_for_compare(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for c in s.chars() {
        if is_word_char(c) {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(lower_char(c));
        } else {
            pending_space = true;
        }
    }
    out
}

/// Whether a `class` attribute holds one of `names` as a whole class
/// (its ASCII-whitespace-separated tokens, as HTML splits it), ASCII
/// case-insensitively. [`NameTokens`] splits a class into words instead.
pub fn has_class(class: &str, names: &[&str]) -> bool {
    class.split_ascii_whitespace().any(|t| names.iter().any(|n| t.eq_ignore_ascii_case(n)))
}

/// Name tokens [`each_name_token`] lower-cases on the stack; a longer
/// token (no word list holds one) is lower-cased into a `String`.
const NAME_TOKEN_STACK: usize = 64;

/// Calls `f` with each word of `class`, then of `id`, as [`NameTokens`]
/// splits them, without its buffers: a token with no capital is a slice
/// of the name itself, any other is lower-cased on the stack. The
/// markup and names cues split every element's names; `NameTokens`' two
/// buffers were 13 % of the core's allocations (valgrind's DHAT over
/// `pith-lab profile wcxb-dev --limit 40`, session 15).
pub fn each_name_token(class: &str, id: &str, mut f: impl FnMut(&str)) {
    // `upper`: whether the token holds a capital (else it is passed as is).
    let mut emit = |t: &str, upper: bool| {
        if !upper {
            return f(t);
        }
        let mut small = [0u8; NAME_TOKEN_STACK];
        match small.get_mut(..t.len()) {
            Some(buf) => {
                buf.copy_from_slice(t.as_bytes());
                buf.make_ascii_lowercase();
                // ASCII letters and digits only: valid UTF-8.
                f(std::str::from_utf8(buf).unwrap_or_default())
            }
            None => f(&t.to_ascii_lowercase()),
        }
    };
    for s in [class, id] {
        // Where the token being read starts (`NONE`: none is), whether its
        // last character is a lower-case letter or a digit, and whether it
        // holds a capital. Bytes, not chars, each classed by a table: any
        // byte of a non-ASCII character ends a token, as the character
        // does in `NameTokens::new`. (Tested byte by byte, with a second
        // pass over each token for capitals, this took 1.3 times the
        // instructions; callgrind, session 26.)
        const NONE: usize = usize::MAX;
        let (mut start, mut prev_lower, mut upper) = (NONE, false, false);
        for (i, &c) in s.as_bytes().iter().enumerate() {
            match NAME_BYTE[usize::from(c)] {
                NAME_LOWER => {
                    if start == NONE {
                        (start, upper) = (i, false);
                    }
                    prev_lower = true;
                }
                NAME_UPPER => {
                    if start == NONE {
                        start = i;
                    } else if prev_lower {
                        emit(&s[start..i], upper);
                        start = i;
                    }
                    (prev_lower, upper) = (false, true);
                }
                _ => {
                    if start != NONE {
                        emit(&s[start..i], upper);
                        start = NONE;
                    }
                    prev_lower = false;
                }
            }
        }
        if start != NONE {
            emit(&s[start..], upper);
        }
    }
}

/// [`NAME_BYTE`]: a lower-case ASCII letter or a digit.
const NAME_LOWER: u8 = 0;
/// [`NAME_BYTE`]: an upper-case ASCII letter.
const NAME_UPPER: u8 = 1;
/// [`NAME_BYTE`]: anything else (a separator, a byte of a non-ASCII character).
const NAME_SEPARATOR: u8 = 2;

/// Each byte's class in a name, for [`each_name_token`].
const NAME_BYTE: [u8; 256] = {
    let mut t = [NAME_SEPARATOR; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            t[i] = NAME_LOWER;
        } else if c.is_ascii_uppercase() {
            t[i] = NAME_UPPER;
        }
        i += 1;
    }
    t
};

/// Whether any of the words of `class` and `id` ([`each_name_token`]) is
/// one of `words`: [`NameTokens::any`] without building the tokens, for a
/// single question asked of an element's names.
pub fn names_any(class: &str, id: &str, words: &[&str]) -> bool {
    let mut any = false;
    each_name_token(class, id, |t| any = any || words.contains(&t));
    any
}

/// The words of an element's `class` and `id`: split at anything but
/// ASCII letters and digits and at lower-to-upper case changes
/// (`tab-pane`, `dropdownMenu`, `post_body`), lower-cased.
///
/// The tokens live in one buffer, each ending where the next begins
/// (`ends`): the markup and visibility cues split every element's names,
/// and a `String` per token cost the markup cue 15 % of its instructions
/// (2.67 → 2.27 billion over 150 wcxb-dev pages, `valgrind
/// --tool=callgrind` over `pith-lab profile --limit 150`, 2026-11-24).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NameTokens {
    buf: String,
    ends: Vec<u32>,
}

impl NameTokens {
    pub fn new(class: &str, id: &str) -> NameTokens {
        // At most one byte per byte of the names: one allocation, no regrowth.
        let mut t = NameTokens { buf: String::with_capacity(class.len() + id.len()), ends: Vec::new() };
        each_name_token(class, id, |token| {
            t.buf.push_str(token);
            t.ends.push(t.buf.len() as u32);
        });
        t
    }


    /// Whether any token is one of `words`.
    pub fn any(&self, words: &[&str]) -> bool {
        self.tokens().any(|t| words.contains(&t))
    }

    /// Whether any token starts with one of `prefixes`.
    pub fn any_prefix(&self, prefixes: &[&str]) -> bool {
        self.tokens().any(|t| prefixes.iter().any(|p| t.starts_with(p)))
    }

    /// The tokens, in order.
    pub fn tokens(&self) -> impl Iterator<Item = &str> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&e| {
            let t = &self.buf[start..e as usize];
            start = e as usize;
            t
        })
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// Lower-cases one character without Unicode's case tables (kilobytes of
/// the shipped wasm): ASCII, Latin-1 and Latin Extended-A, Greek and
/// Cyrillic, the scripts with case that the web mostly writes; any other
/// character is returned as it is. The same function serves training and
/// extraction, so learned weights see the same text.
///
/// Inlined with an ASCII fast path: the page-words, vocabulary, shape and
/// keyword signals call it for every character of the page's text (4 % of
/// the core's native time on wcxb-dev as a call of its own, `perf record`
/// over `pith-lab profile`, 2026-11-24).
#[inline]
pub fn lower_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    lower_wide(c)
}

/// [`lower_char`] beyond ASCII.
fn lower_wide(c: char) -> char {
    let u = c as u32;
    let l = match u {
        0xC0..=0xDE if u != 0xD7 => u + 32,
        // Latin Extended-A: upper/lower pairs alternate (even upper), but
        // for the two runs where odd code points are upper.
        // İ (dotted capital I) lower-cases to i (Unicode adds a dot mark).
        0x130 => 0x69,
        0x100..=0x12F | 0x132..=0x137 | 0x14A..=0x177 if u % 2 == 0 => u + 1,
        0x139..=0x148 | 0x179..=0x17E if u % 2 == 1 => u + 1,
        0x178 => 0xFF,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 37,
        0x391..=0x3A1 | 0x3A3..=0x3AB => u + 32,
        0x400..=0x40F => u + 80,
        0x410..=0x42F => u + 32,
        0x460..=0x4FF if u % 2 == 0 => u + 1,
        _ => u,
    };
    char::from_u32(l).unwrap_or(c)
}

/// [`lower_char`] over a string.
pub fn lower(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    lower_into(s, &mut out);
    out
}

/// The pieces of `s`, in order: each run of visible ASCII (no whitespace,
/// no control character) as one piece with None, every other character as
/// a piece of its own with Some(it). For walks that copy visible text as
/// slices, not character by character (session 33: the article's
/// inlines, `tests/eval/SPEED.md`).
pub fn pieces(s: &str) -> Pieces<'_> {
    Pieces { s, i: 0 }
}

/// [`pieces`]' iterator.
pub struct Pieces<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = (&'a str, Option<char>);

    // Inlined into its caller's loop: called through a closure, the walk
    // took more instructions than character by character did.
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let (s, bytes, start) = (self.s, self.s.as_bytes(), self.i);
        let mut i = start;
        while i < bytes.len() && (0x21..0x7F).contains(&bytes[i]) {
            i += 1;
        }
        if i > start {
            self.i = i;
            return Some((&s[start..i], None));
        }
        let c = s[i..].chars().next()?;
        self.i = i + c.len_utf8();
        Some((&s[start..self.i], Some(c)))
    }
}

/// [`lower`] into `buf` (cleared first), for callers that lower-case one
/// word after another into one buffer.
pub fn lower_into(s: &str, buf: &mut String) {
    buf.clear();
    if s.is_ascii() {
        // Most words of most pages: one copy, no per-character pushes.
        buf.push_str(s);
        buf.make_ascii_lowercase();
    } else {
        buf.extend(s.chars().map(lower_char));
    }
}

/// Whether `c` is an upper-case letter of a script [`lower_char`] knows.
pub fn is_upper(c: char) -> bool {
    lower_char(c) != c
}

/// Whether `c` belongs to a script with letter case that [`lower_char`]
/// knows (Latin, Greek, Cyrillic).
pub fn has_case(c: char) -> bool {
    matches!(c as u32, 0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x370..=0x3FF | 0x400..=0x4FF)
}

/// Parses a decimal number (`-12`, `3.5`, `1e-3`, `.5`) without the
/// standard library's float parser (its tables cost the shipped wasm about
/// ten kilobytes). Exact for up to 19 significant digits and exponents
/// within ±22 (Clinger's fast path); otherwise within an ulp or two of
/// `f64`, which the model's `f32` values do not see.
pub fn parse_number(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    // An optional sign at `i`: whether it is `-`; `i` moves past it.
    let sign = |i: &mut usize| match b.get(*i) {
        Some(b'-') => {
            *i += 1;
            true
        }
        Some(b'+') => {
            *i += 1;
            false
        }
        _ => false,
    };
    let mut i = 0;
    let neg = sign(&mut i);
    let mut mant: u64 = 0;
    let mut exp: i32 = 0;
    let mut digits = 0;
    let mut seen = false;
    while i < b.len() && b[i].is_ascii_digit() {
        seen = true;
        if digits < 19 {
            mant = mant * 10 + u64::from(b[i] - b'0');
            if mant > 0 {
                digits += 1;
            }
        } else {
            exp += 1;
        }
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            seen = true;
            if digits < 19 {
                mant = mant * 10 + u64::from(b[i] - b'0');
                exp -= 1;
                if mant > 0 {
                    digits += 1;
                }
            }
            i += 1;
        }
    }
    if !seen {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let eneg = sign(&mut i);
        let start = i;
        let mut e: i32 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            e = e.saturating_mul(10).saturating_add(i32::from(b[i] - b'0'));
            i += 1;
        }
        if i == start {
            return None;
        }
        exp = exp.saturating_add(if eneg { -e } else { e });
    }
    if i != b.len() {
        return None;
    }
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    let mut v = mant as f64;
    if mant != 0 {
        let mut e = exp;
        while e > 22 {
            v *= 1e22;
            e -= 22;
        }
        while e < -22 {
            v /= 1e22;
            e += 22;
        }
        if e >= 0 {
            v *= POW10[e as usize];
        } else {
            v /= POW10[(-e) as usize];
        }
    }
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_visible_ascii_runs_and_single_characters() {
        let p: Vec<(&str, Option<char>)> = pieces("ab  c\u{a0}é1\t").collect();
        assert_eq!(p, [("ab", None), (" ", Some(' ')), (" ", Some(' ')), ("c", None), ("\u{a0}", Some('\u{a0}')), ("é", Some('é')), ("1", None), ("\t", Some('\t'))]);
        assert_eq!(pieces("").count(), 0);
    }

    #[test]
    fn chars_and_words_in_one_pass() {
        for t in ["", "  ", "Hello, world_2!\t\u{0B}\u{0C}\r\n", "信息 抽取abc", "naïve café\u{A0}x", "a\u{2003}b", "x—y"] {
            let chars = t.chars().filter(|c| !c.is_whitespace()).count();
            assert_eq!(chars_and_words(t), (chars, word_count(t)), "{t:?}");
        }
    }

    #[test]
    fn collapses_runs_of_whitespace() {
        assert_eq!(collapse_whitespace("  a\n\t b  "), " a b ");
    }

    #[test]
    fn counts_words_in_spaced_and_unspaced_scripts() {
        assert_eq!(word_count("Hello, world! It's 2024."), 5);
        assert_eq!(word_count("信息抽取"), 4);
        assert_eq!(word_count("Pith 读者"), 3);
        assert_eq!(word_count("  "), 0);
    }

    #[test]
    fn name_tokens_split_at_separators_and_case() {
        let t = NameTokens::new("tab-pane  dropdownMenu", "post_body2");
        assert_eq!(t.tokens().collect::<Vec<_>>(), ["tab", "pane", "dropdown", "menu", "post", "body2"]);
        assert!(NameTokens::new("", "").is_empty() && NameTokens::new("- _", "").is_empty());
        assert_eq!(NameTokens::new("aB-", "X").tokens().collect::<Vec<_>>(), ["a", "b", "x"]);
        // Capitals split after a lower-case letter or a digit only; any
        // byte of a non-ASCII character is a separator; a token longer
        // than the stack buffer is lower-cased too.
        let long = "B".repeat(70);
        for (class, id, tokens) in [
            ("é-HTMLParser9x", "ÀbC", vec!["htmlparser9x", "b", "c"]),
            ("aBC h2Title", "ABc", vec!["a", "bc", "h2", "title", "abc"]),
            (long.as_str(), "qW", vec![long.to_ascii_lowercase().as_str(), "q", "w"]),
        ] {
            let mut walked = Vec::new();
            each_name_token(class, id, |t| walked.push(t.to_string()));
            assert_eq!(walked, tokens, "{class} {id}");
        }
        assert!(t.any(&["menu"]) && !t.any(&["nav"]) && t.any_prefix(&["body"]));
        for words in [&["menu"][..], &["nav"], &["body2", "x"], &["body"]] {
            assert_eq!(names_any("tab-pane  dropdownMenu", "post_body2", words), t.any(words), "{words:?}");
        }
    }

    #[test]
    fn lower_case_without_tables() {
        assert_eq!(lower("Ärger ÉTÉ Ωμέγα ПРИВЕТ Ёж Łódź Straße 中文 İ"), "ärger été ωμέγα привет ёж łódź straße 中文 i");
        assert!(is_upper('Ä') && !is_upper('ä') && !is_upper('中'));
        assert!(has_case('a') && has_case('Ж') && !has_case('中'));
    }

    #[test]
    fn numbers_parse_like_the_standard_library() {
        for s in ["0", "-12", "3.5", "1e-3", ".5", "16.666666666666668", "1234.5678", "2.5E+3", "-0.0", "0.1", "123456789012345678901"] {
            let ours = parse_number(s).unwrap();
            let std = s.parse::<f64>().unwrap();
            assert!((ours - std).abs() <= std.abs() * 4e-16, "{s}: {ours} vs {std}");
            assert_eq!(ours as f32, std as f32, "{s}");
        }
        for bad in ["", "-", "1e", "abc", "1.2.3", "12px"] {
            assert_eq!(parse_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn word_characters() {
        for c in ['a', 'Z', '7', '_', 'é', 'ß', 'Ж', 'ω', '中', 'ア', 'ب', 'ก', 'क', '\u{0301}'] {
            assert!(is_word_char(c), "{c:?}");
        }
        for c in [' ', '.', '-', '\u{a0}', '“', '—', '€', '→', '。', '、', '！', '\u{e000}', '😀', '\u{3000}'] {
            assert!(!is_word_char(c), "{c:?}");
        }
    }

    #[test]
    fn folds_for_comparison() {
        assert_eq!(fold_for_compare("  The  Title: Part 2 "), "the title part 2");
    }
}
