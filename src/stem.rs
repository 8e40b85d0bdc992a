//! English stemming: the Snowball English stemmer (Porter2), written out
//! for Pith. Seed 003 §2.4 step 3 stems the article's words; Pith stems
//! English pages' words ([`crate::papers::keywords`]).
//!
//! The algorithm is Snowball's `english.sbl` as the `rust-stemmers` crate
//! 1.2 ships and compiles it (Porter2 with the 2005–2006 additions:
//! `gener`, `commun`, `arsen`; the exceptional forms of `exception1` and
//! `exception2`), step by step, over the word's letters instead of
//! through Snowball's generic string machine. Same stems: a test compares
//! every word of a generated vocabulary (every string of up to five
//! letters over an alphabet of the rules' letters, and stems with every
//! suffix the rules name) with the crate's, which stays a dev-dependency
//! for that; the crate's own 29,417-word test vocabulary and every word
//! of the three data sets gave the same stems (`tests/eval/SPEED.md`,
//! session 26). Why: the crate took about 3,400 instructions a word
//! (`find_among_b`'s binary searches, a `String` per change), 8.3 % of
//! the core's instructions over 60 wcxb-dev pages; these steps take about
//! 700 (callgrind over `pith-lab profile`, session 26).
//!
//! Regions (Porter2): R1 starts after the first non-vowel that follows a
//! vowel (or after `gener`, `commun`, `arsen`), R2 the same within R1.
//! Vowels are `aeiouy`; a `y` at the start or after a vowel is a
//! consonant, written `Y` while the steps run.

use std::borrow::Cow;

/// Stands for a non-ASCII character while the steps run: the rules test
/// ASCII letters only, so every other character is a non-vowel equal to
/// no letter of theirs, one unit as Snowball counts characters, and never
/// removed (every ending and exception is ASCII). One byte stands for
/// each, and the characters are put back in order.
const OTHER: u8 = 0x80;

/// `english.sbl`'s `v`: the vowels.
#[inline]
fn is_v(c: u8) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

/// `v_WXY`: the vowels and `w`, `x`, `Y` (what may not end a short syllable).
#[inline]
fn is_v_wxy(c: u8) -> bool {
    is_v(c) || matches!(c, b'w' | b'x' | b'Y')
}

/// `valid_LI`: the letters before which `li` is an ending.
#[inline]
fn is_valid_li(c: u8) -> bool {
    matches!(c, b'c' | b'd' | b'e' | b'g' | b'h' | b'k' | b'm' | b'n' | b'r' | b't')
}

/// The last letter of `ending`, as a bit (`a` = bit 0).
const fn last_letter(ending: &[u8]) -> u32 {
    match ending.last() {
        Some(&c) if c.is_ascii_lowercase() => 1 << (c - b'a'),
        _ => 0,
    }
}

/// The last letters of `endings`, a bit each ([`last_letter`]): a word
/// ending otherwise matches none of them, and the step is skipped (a
/// linear search of every table took 1,400 instructions a word, callgrind,
/// session 26).
const fn last_letters(endings: &[&[u8]]) -> u32 {
    let (mut mask, mut i) = (0, 0);
    while i < endings.len() {
        mask |= last_letter(endings[i]);
        i += 1;
    }
    mask
}

/// [`last_letters`] of the first elements of `pairs`.
const fn last_letters_of_pairs(pairs: &[(&[u8], &[u8])]) -> u32 {
    let (mut mask, mut i) = (0, 0);
    while i < pairs.len() {
        mask |= last_letter(pairs[i].0);
        i += 1;
    }
    mask
}

/// Whether `w`'s last letter is among `mask`'s ([`last_letters`]).
#[inline]
fn may_end(w: &[u8], mask: u32) -> bool {
    match w.last() {
        Some(&c) => {
            let c = c.wrapping_sub(b'a');
            c < 26 && mask & (1 << c) != 0
        }
        None => false,
    }
}

/// The index of the first of `suffixes` that `w` ends with. Each table
/// lists its endings longest first (a test checks), so this is the longest
/// match, which decides in Snowball's `[substring] among (…)`: no shorter
/// ending is tried when the longest one's action fails.
#[inline]
fn first(w: &[u8], suffixes: &[&[u8]]) -> Option<usize> {
    suffixes.iter().position(|s| w.ends_with(s))
}

/// [`first`] over the first elements of `pairs`.
#[inline]
fn first_pair(w: &[u8], pairs: &[(&[u8], &[u8])]) -> Option<usize> {
    pairs.iter().position(|(s, _)| w.ends_with(s))
}

/// Replaces `w`'s last `len` letters with `by`.
#[inline]
fn replace(w: &mut Vec<u8>, len: usize, by: &[u8]) {
    w.truncate(w.len() - len);
    w.extend_from_slice(by);
}

/// `shortv` at the end of `w[..end]`: a short syllable, a non-vowel (not
/// `w`, `x`, `Y`) after a vowel after a non-vowel, or a non-vowel after a
/// vowel that starts the word.
fn short_syllable(w: &[u8], end: usize) -> bool {
    (end >= 3 && !is_v_wxy(w[end - 1]) && is_v(w[end - 2]) && !is_v(w[end - 3]))
        || (end == 2 && !is_v(w[1]) && is_v(w[0]))
}

/// `exception1`: words stemmed as listed (or left as they are).
const EXCEPTIONS: &[(&[u8], &[u8])] = &[
    (b"skis", b"ski"),
    (b"skies", b"sky"),
    (b"dying", b"die"),
    (b"lying", b"lie"),
    (b"tying", b"tie"),
    (b"idly", b"idl"),
    (b"gently", b"gentl"),
    (b"ugly", b"ugli"),
    (b"early", b"earli"),
    (b"only", b"onli"),
    (b"singly", b"singl"),
    (b"sky", b"sky"),
    (b"news", b"news"),
    (b"howe", b"howe"),
    (b"atlas", b"atlas"),
    (b"cosmos", b"cosmos"),
    (b"bias", b"bias"),
    (b"andes", b"andes"),
];

/// `exception2`: words left as they are after step 1a.
const AFTER_1A: &[&[u8]] = &[b"inning", b"outing", b"canning", b"herring", b"earring", b"proceed", b"exceed", b"succeed"];

/// Prefixes after which R1 starts (`mark_regions`).
const R1_PREFIXES: &[&[u8]] = &[b"gener", b"commun", b"arsen"];

/// Step 1a's endings: `sses`, `ied`, `ies`, `s`, and `us`, `ss` (kept).
/// Every table lists its endings longest first ([`first`]).
const STEP_1A: &[&[u8]] = &[b"sses", b"ied", b"ies", b"us", b"ss", b"s"];
/// Step 1b's endings: `eed`, `eedly`, then `ed`, `edly`, `ing`, `ingly`.
const STEP_1B: &[&[u8]] = &[b"eedly", b"ingly", b"edly", b"eed", b"ing", b"ed"];
/// After step 1b removed an ending: endings that take an `e`, doubles
/// that lose a letter.
const STEP_1B_E: &[&[u8]] = &[b"at", b"bl", b"iz"];
const STEP_1B_DOUBLES: &[&[u8]] = &[b"bb", b"dd", b"ff", b"gg", b"mm", b"nn", b"pp", b"rr", b"tt"];
/// Step 2: ending → replacement in R1 (`ogi` after `l`, `li` after a
/// [`is_valid_li`] letter: special, see [`step_2`]).
const STEP_2: &[(&[u8], &[u8])] = &[
    (b"ational", b"ate"),
    (b"ization", b"ize"),
    (b"fulness", b"ful"),
    (b"ousness", b"ous"),
    (b"iveness", b"ive"),
    (b"tional", b"tion"),
    (b"biliti", b"ble"),
    (b"lessli", b"less"),
    (b"entli", b"ent"),
    (b"ation", b"ate"),
    (b"alism", b"al"),
    (b"aliti", b"al"),
    (b"ousli", b"ous"),
    (b"iviti", b"ive"),
    (b"fulli", b"ful"),
    (b"enci", b"ence"),
    (b"anci", b"ance"),
    (b"abli", b"able"),
    (b"izer", b"ize"),
    (b"ator", b"ate"),
    (b"alli", b"al"),
    (b"bli", b"ble"),
    (b"ogi", b"og"),
    (b"li", b""),
];
/// Step 3: ending → replacement in R1 (`ative`: deleted in R2 only).
const STEP_3: &[(&[u8], &[u8])] = &[
    (b"ational", b"ate"),
    (b"tional", b"tion"),
    (b"alize", b"al"),
    (b"icate", b"ic"),
    (b"iciti", b"ic"),
    (b"ative", b""),
    (b"ical", b"ic"),
    (b"ness", b""),
    (b"ful", b""),
];
/// Step 4: endings deleted in R2 (`ion` after `s` or `t` only).
const STEP_4: &[&[u8]] = &[
    b"ement", b"ance", b"ence", b"able", b"ible", b"ment", b"ant", b"ent", b"ism", b"ate", b"iti", b"ous", b"ive", b"ize",
    b"ion", b"al", b"er", b"ic",
];

/// Each table's last letters ([`last_letters`]).
const EXCEPTIONS_LAST: u32 = last_letters_of_pairs(EXCEPTIONS);
const AFTER_1A_LAST: u32 = last_letters(AFTER_1A);
const STEP_1A_LAST: u32 = last_letters(STEP_1A);
const STEP_1B_LAST: u32 = last_letters(STEP_1B);
const STEP_2_LAST: u32 = last_letters_of_pairs(STEP_2);
const STEP_3_LAST: u32 = last_letters_of_pairs(STEP_3);
const STEP_4_LAST: u32 = last_letters(STEP_4);

/// The stem of `word` (Snowball English). Words are expected lower-cased,
/// as Snowball expects them.
pub fn english(word: &str) -> Cow<'_, str> {
    if word.is_ascii() {
        let mut w = word.as_bytes().to_vec();
        stem(&mut w);
        if w == word.as_bytes() {
            return Cow::Borrowed(word);
        }
        // The steps write ASCII letters only.
        return Cow::Owned(String::from_utf8(w).unwrap_or_default());
    }
    let mut w: Vec<u8> = word.chars().map(|c| if c.is_ascii() { c as u8 } else { OTHER }).collect();
    stem(&mut w);
    let mut others = word.chars().filter(|c| !c.is_ascii());
    let out: String = w.iter().map(|&b| if b == OTHER { others.next().unwrap_or(char::REPLACEMENT_CHARACTER) } else { char::from(b) }).collect();
    if out == word {
        Cow::Borrowed(word)
    } else {
        Cow::Owned(out)
    }
}

/// `english.sbl`'s `stem`, in place.
fn stem(w: &mut Vec<u8>) {
    if let Some((_, to)) = may_end(w, EXCEPTIONS_LAST).then(|| EXCEPTIONS.iter().find(|(from, _)| w == from)).flatten() {
        w.clear();
        w.extend_from_slice(to);
        return;
    }
    if w.len() < 3 {
        return;
    }
    // prelude: a leading apostrophe goes; `y` at the start or after a
    // vowel is a consonant (`Y`), left to right.
    if w[0] == b'\'' {
        w.remove(0);
    }
    let mut y_found = false;
    if w.first().is_some_and(|&c| c == b'y') {
        w[0] = b'Y';
        y_found = true;
    }
    for i in 1..w.len() {
        if w[i] == b'y' && is_v(w[i - 1]) {
            w[i] = b'Y';
            y_found = true;
        }
    }
    let (p1, p2) = regions(w);
    step_1a(w);
    if !(may_end(w, AFTER_1A_LAST) && AFTER_1A.iter().any(|s| w == s)) {
        step_1b(w, p1);
        step_1c(w);
        step_2(w, p1);
        step_3(w, p1, p2);
        step_4(w, p2);
        step_5(w, p1, p2);
    }
    // postlude
    if y_found {
        for c in w.iter_mut() {
            if *c == b'Y' {
                *c = b'y';
            }
        }
    }
}

/// `mark_regions`: where R1 and R2 start (the word's length where empty).
fn regions(w: &[u8]) -> (usize, usize) {
    let n = w.len();
    // After the first non-vowel that follows a vowel at or after `from`.
    let past = |from: usize| -> Option<usize> {
        let v = (from..n).find(|&i| is_v(w[i]))?;
        (v + 1..n).find(|&i| !is_v(w[i])).map(|i| i + 1)
    };
    // The longest listed prefix (Snowball's `among`), else the rule.
    let prefix = R1_PREFIXES.iter().filter(|p| w.starts_with(p)).map(|p| p.len()).max();
    let Some(p1) = prefix.or_else(|| past(0)) else {
        return (n, n);
    };
    (p1, past(p1).unwrap_or(n))
}

/// Step 1a: apostrophe endings; plurals (`sses` → `ss`, `ied`/`ies` →
/// `i` or `ie`, `s` deleted after a vowel that is not just before it).
fn step_1a(w: &mut Vec<u8>) {
    if w.ends_with(b"'s'") {
        w.truncate(w.len() - 3);
    } else if w.ends_with(b"'s") {
        w.truncate(w.len() - 2);
    } else if w.ends_with(b"'") {
        w.truncate(w.len() - 1);
    }
    let Some((s, bra)) = ending(w, STEP_1A, STEP_1A_LAST) else { return };
    match s {
        b"sses" => replace(w, s.len(), b"ss"),
        b"ied" | b"ies" => replace(w, s.len(), if bra >= 2 { b"i" } else { b"ie" }),
        b"s" if bra >= 2 && w[..bra - 1].iter().any(|&c| is_v(c)) => w.truncate(bra),
        _ => {}
    }
}

/// Step 1b: `eed`/`eedly` → `ee` in R1; `ed`, `edly`, `ing`, `ingly`
/// deleted after a vowel, then `at`/`bl`/`iz` take an `e`, a double loses
/// a letter, and a short word (R1 empty, ending in a short syllable) takes
/// an `e`.
fn step_1b(w: &mut Vec<u8>, p1: usize) {
    let Some((s, bra)) = ending(w, STEP_1B, STEP_1B_LAST) else { return };
    if matches!(s, b"eed" | b"eedly") {
        if p1 <= bra {
            replace(w, s.len(), b"ee");
        }
        return;
    }
    if !w[..bra].iter().any(|&c| is_v(c)) {
        return;
    }
    w.truncate(bra);
    if first(w, STEP_1B_E).is_some() {
        w.push(b'e');
    } else if first(w, STEP_1B_DOUBLES).is_some() {
        w.pop();
    } else if w.len() == p1 && short_syllable(w, w.len()) {
        w.push(b'e');
    }
}

/// Step 1c: a final `y`/`Y` after a non-vowel that is not the first
/// letter becomes `i`.
fn step_1c(w: &mut [u8]) {
    let n = w.len();
    if n >= 3 && matches!(w[n - 1], b'y' | b'Y') && !is_v(w[n - 2]) {
        w[n - 1] = b'i';
    }
}

/// The longest of `endings` that `w` ends with (`last`: their last
/// letters, [`last_letters`]), and where it starts.
fn ending(w: &[u8], endings: &'static [&'static [u8]], last: u32) -> Option<(&'static [u8], usize)> {
    if !may_end(w, last) {
        return None;
    }
    let s = endings[first(w, endings)?];
    Some((s, w.len() - s.len()))
}

/// The longest of `pairs`' endings that `w` ends with (`last`: their last
/// letters, [`last_letters`]) where it starts in a region starting at
/// `region`: the ending, its replacement, where it starts.
fn ending_in(
    w: &[u8],
    pairs: &'static [(&'static [u8], &'static [u8])],
    last: u32,
    region: usize,
) -> Option<(&'static [u8], &'static [u8], usize)> {
    if !may_end(w, last) {
        return None;
    }
    let (s, by) = pairs[first_pair(w, pairs)?];
    let bra = w.len() - s.len();
    (region <= bra).then_some((s, by, bra))
}

/// Step 2: derivational endings in R1.
fn step_2(w: &mut Vec<u8>, p1: usize) {
    let Some((s, by, bra)) = ending_in(w, STEP_2, STEP_2_LAST, p1) else { return };
    match s {
        b"ogi" if !(bra >= 1 && w[bra - 1] == b'l') => {}
        b"li" if !(bra >= 1 && is_valid_li(w[bra - 1])) => {}
        _ => replace(w, s.len(), by),
    }
}

/// Step 3: more derivational endings in R1 (`ative` in R2).
fn step_3(w: &mut Vec<u8>, p1: usize, p2: usize) {
    let Some((s, by, bra)) = ending_in(w, STEP_3, STEP_3_LAST, p1) else { return };
    if s != b"ative" || p2 <= bra {
        replace(w, s.len(), by);
    }
}

/// Step 4: endings deleted in R2.
fn step_4(w: &mut Vec<u8>, p2: usize) {
    let Some((s, bra)) = ending(w, STEP_4, STEP_4_LAST) else { return };
    if p2 > bra || (s == b"ion" && !(bra >= 1 && matches!(w[bra - 1], b's' | b't'))) {
        return;
    }
    w.truncate(bra);
}

/// Step 5: a final `e` in R2, or in R1 after no short syllable; a final
/// `l` after `l` in R2.
fn step_5(w: &mut Vec<u8>, p1: usize, p2: usize) {
    let Some(&last) = w.last() else { return };
    let bra = w.len() - 1;
    if last == b'e' {
        if p2 <= bra || (p1 <= bra && !short_syllable(w, bra)) {
            w.pop();
        }
    } else if last == b'l' && p2 <= bra && bra >= 1 && w[bra - 1] == b'l' {
        w.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Porter2's published examples (snowballstem.org, the English
    /// stemmer's page: its sample of words and stems).
    #[test]
    fn porter2_examples() {
        let pairs = [
            ("consign", "consign"),
            ("consigned", "consign"),
            ("consigning", "consign"),
            ("consignment", "consign"),
            ("consist", "consist"),
            ("consisted", "consist"),
            ("consistency", "consist"),
            ("consistent", "consist"),
            ("consistently", "consist"),
            ("consisting", "consist"),
            ("consists", "consist"),
            ("consolation", "consol"),
            ("consolations", "consol"),
            ("consolatory", "consolatori"),
            ("console", "consol"),
            ("consoled", "consol"),
            ("consoles", "consol"),
            ("consolidate", "consolid"),
            ("consolidated", "consolid"),
            ("consolidating", "consolid"),
            ("consoling", "consol"),
            ("consolingly", "consol"),
            ("consols", "consol"),
            ("consonant", "conson"),
            ("consort", "consort"),
            ("consorted", "consort"),
            ("consorting", "consort"),
            ("conspicuous", "conspicu"),
            ("conspicuously", "conspicu"),
            ("conspiracy", "conspiraci"),
            ("conspirator", "conspir"),
            ("conspirators", "conspir"),
            ("conspire", "conspir"),
            ("conspired", "conspir"),
            ("conspiring", "conspir"),
            ("constable", "constabl"),
            ("constables", "constabl"),
            ("constance", "constanc"),
            ("constancy", "constanc"),
            ("constant", "constant"),
            ("knack", "knack"),
            ("knackeries", "knackeri"),
            ("knacks", "knack"),
            ("knag", "knag"),
            ("knave", "knave"),
            ("knaves", "knave"),
            ("knavish", "knavish"),
            ("kneaded", "knead"),
            ("kneading", "knead"),
            ("knee", "knee"),
            ("kneel", "kneel"),
            ("kneeled", "kneel"),
            ("kneeling", "kneel"),
            ("kneels", "kneel"),
            ("knees", "knee"),
            ("knell", "knell"),
            ("knelt", "knelt"),
            ("knew", "knew"),
            ("knick", "knick"),
            ("knif", "knif"),
            ("knife", "knife"),
            ("knight", "knight"),
            ("knightly", "knight"),
            ("knights", "knight"),
            ("knit", "knit"),
            ("knits", "knit"),
            ("knitted", "knit"),
            ("knitting", "knit"),
            ("knives", "knive"),
            ("knob", "knob"),
            ("knobs", "knob"),
            ("knock", "knock"),
            ("knocked", "knock"),
            ("knocker", "knocker"),
            ("knockers", "knocker"),
            ("knocking", "knock"),
            ("knocks", "knock"),
            ("knopp", "knopp"),
            ("knot", "knot"),
            ("knots", "knot"),
        ];
        for (word, stem) in pairs {
            assert_eq!(english(word), stem, "{word}");
        }
        // The exceptional forms, and words too short to stem.
        for (word, stem) in [("skies", "sky"), ("dying", "die"), ("news", "news"), ("innings", "inning"), ("by", "by"), ("'s", "'s")] {
            assert_eq!(english(word), stem, "{word}");
        }
    }

    /// [`first`] finds the longest ending only where each table lists its
    /// endings longest first.
    #[test]
    fn tables_list_their_endings_longest_first() {
        let lengths = |t: &[&[u8]]| t.iter().map(|e| e.len()).collect::<Vec<_>>();
        let pairs = |t: &[(&[u8], &[u8])]| t.iter().map(|e| e.0.len()).collect::<Vec<_>>();
        for l in [lengths(STEP_1A), lengths(STEP_1B), lengths(STEP_1B_E), lengths(STEP_1B_DOUBLES), lengths(STEP_4), pairs(STEP_2), pairs(STEP_3)] {
            assert!(l.windows(2).all(|p| p[0] >= p[1]), "{l:?}");
        }
    }

    /// Every word of a generated vocabulary stems as `rust-stemmers` (the
    /// Snowball compiler's output for the same `english.sbl`) stems it:
    /// every string of one to five letters over the letters the rules
    /// test (vowels, `y`, the doubles, `l`, `s`, `t`, an apostrophe, a
    /// non-ASCII letter; five letters over fewer of them), and short stems with every ending the rules
    /// name, alone, doubled and after `e`/`l`.
    #[test]
    fn stems_as_the_snowball_compiler_does() {
        let reference = rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English);
        let mut words: Vec<String> = Vec::new();
        // Up to four letters over every letter the rules test, five over
        // fewer (a debug build's test takes seconds, not twenty).
        for (alphabet, longest) in [("aeiouyYbdlnstgrwx'é", 4), ("aeyYblst'é", 5)] {
            let alphabet: Vec<char> = alphabet.chars().collect();
            let mut level: Vec<String> = vec![String::new()];
            for len in 1..=longest {
                let mut next = Vec::new();
                for w in &level {
                    for &c in &alphabet {
                        let mut s = w.clone();
                        s.push(c);
                        next.push(s);
                    }
                }
                if len == longest || alphabet.len() > 10 {
                    words.extend(next.iter().cloned());
                }
                level = next;
            }
        }
        let endings: Vec<&[u8]> = STEP_1A
            .iter()
            .chain(STEP_1B)
            .chain(STEP_1B_E)
            .chain(STEP_1B_DOUBLES)
            .chain(STEP_4)
            .copied()
            .chain(STEP_2.iter().chain(STEP_3).map(|p| p.0))
            .chain(EXCEPTIONS.iter().map(|p| p.0))
            .chain(AFTER_1A.iter().copied())
            .chain(R1_PREFIXES.iter().copied())
            .collect();
        let stems = [
            "", "a", "b", "y", "e", "l", "s", "t", "at", "ab", "hop", "hope", "tap", "gener", "commun", "arsen", "generat", "bead",
            "beauti", "cri", "ski", "sky", "nation", "condition", "sens", "fol", "all", "ill", "feel", "say", "ay", "play", "bo",
            "yo", "oy", "ed", "ing", "sses", "happ", "mess", "cont", "a'", "'a", "rel", "categ", "ex", "succ", "proc", "out",
        ];
        for stem in stems {
            for e in &endings {
                let e = std::str::from_utf8(e).unwrap();
                for mid in ["", "e", "l", "s", "y", "i", "a"] {
                    words.push(format!("{stem}{mid}{e}"));
                    words.push(format!("{stem}{mid}{e}{e}"));
                    words.push(format!("{stem}{mid}{e}s"));
                    words.push(format!("{stem}{mid}{e}ly"));
                }
            }
        }
        let mut differ = Vec::new();
        for w in &words {
            let (ours, theirs) = (english(w), reference.stem(w));
            if ours != theirs {
                differ.push(format!("{w}: {ours} (Snowball: {theirs})"));
            }
        }
        assert!(words.len() > 350_000, "{} words", words.len());
        assert!(differ.is_empty(), "{} of {} differ, e.g. {:?}", differ.len(), words.len(), &differ[..differ.len().min(20)]);
    }
}
