//! Seed 003: Sarada Devi et al., "Content Extraction Model Using DOM and
//! NLP" (§2.3–2.4, the tokenisation algorithm): extract words, remove stop
//! words, stem, count each stem's occurrences (`Freq_Count`).
//!
//! ## How Pith reads the paper where it is silent
//! * *Words* (step 2): runs of word characters ([`text::is_word_char`]),
//!   lower-cased. Tokens of one character and tokens of digits only are
//!   dropped in spaced scripts: they name nothing (Pith's choice).
//! * *Scripts written without spaces* (the paper's "scriptio continua", §1.1;
//!   its dataset has Chinese pages): Han, Hiragana, Katakana and Thai runs
//!   are cut into overlapping character bigrams, a run of one character
//!   giving that character ([`UNSPACED`]). Bigrams, not single characters:
//!   most Chinese words are two characters long and a single Han character
//!   is far more ambiguous; bigram indexing needs no dictionary (the way
//!   Lucene's CJK analyser works). Thai combining marks stay with their base
//!   character. No stop words or stemming apply to these terms.
//! * *Stop words* (step 3): a short list per language ([`stop_words`]: en,
//!   de, fr, es, it, pt, nl, ru), chosen by the page's `lang` (its primary
//!   subtag); English when the language is unknown or has no list.
//! * *Stemming* (step 3): Snowball English (Porter2, [`crate::stem`]: the
//!   `rust-stemmers` crate's stems in under a third of its instructions)
//!   for English and unknown languages only; other languages keep their
//!   lower-cased words. Measured on the shipped wasm: `rust-stemmers`'
//!   English alone added 10 KB, the Snowball stemmers of all eight listed
//!   languages 58 KB, against a 300 KB budget.
//! * *Term frequency* (step 4): occurrences of each stem. An article's
//!   keywords are its [`ARTICLE_KEYWORDS`] most frequent stems that occur
//!   at least [`MIN_KEYWORD_COUNT`] times, each shown as its most frequent
//!   surface form (original case) in the text.
//!
//! As a signal, per leaf: `keywords.terms`, the number of terms (stems, with
//! repeats) of the leaf's text; `keywords.topShare`, the share of those
//! terms that are among the page's [`PAGE_TOP_TERMS`] most frequent stems,
//! counted over the visible leaves (NaN for a leaf without terms).

use std::collections::HashMap;

use super::Context;
use crate::model::Page;
use crate::table::{ColumnSpec, ScoreTable};
use crate::text;
use crate::text::lower_into;

/// Keywords [`article_keywords`] returns at most. Pith's choice: as many as
/// a reader's keyword line shows.
pub const ARTICLE_KEYWORDS: usize = 10;

/// A stem must occur at least this often to be an article keyword. Pith's
/// choice: a word said once does not characterise a text.
pub const MIN_KEYWORD_COUNT: u32 = 2;

/// The page's top terms the signal compares each leaf with. Pith's choice:
/// a page's topic shows in its twenty most frequent stems.
pub const PAGE_TOP_TERMS: usize = 20;

/// Characters of scripts written without spaces between words (§1.1,
/// "scriptio continua"): Thai, Hiragana and Katakana, CJK ideographs.
pub const UNSPACED: &[std::ops::RangeInclusive<u32>] = &[
    0x0E00..=0x0E7F,   // Thai
    0x3040..=0x30FF,   // Hiragana, Katakana
    0x3400..=0x4DBF,   // CJK Extension A
    0x4E00..=0x9FFF,   // CJK Unified Ideographs
    0xF900..=0xFAFF,   // CJK Compatibility Ideographs
    0x20000..=0x2FA1F, // CJK Extensions B–F, Compatibility Supplement
];

fn is_unspaced(c: char) -> bool {
    !c.is_ascii() && UNSPACED.iter().any(|r| r.contains(&(c as u32)))
}

/// [`text::is_word_char`], with Thai marks (tone marks are not alphabetic
/// in Unicode) and a fast path for ASCII.
fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        text::is_word_char(c) || is_thai_mark(c)
    }
}

/// FNV-1a, 64 bits (Fowler, Noll, Vo): a fixed, documented string hash,
/// for the vocabulary's maps and SimHash's keyword hashes
/// ([`super::vsse::fnv1a64`]). Faster than std's SipHash on short words;
/// the maps hold the page's own words, so flooding is no concern here.
pub struct Fnv1a(pub u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by the page's words.
type WordMap<V> = HashMap<String, V, std::hash::BuildHasherDefault<Fnv1a>>;

/// Thai vowel and tone marks: written over or under the previous letter.
fn is_thai_mark(c: char) -> bool {
    matches!(c as u32, 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E)
}

/// The page's language: the primary subtag of its `lang`, lower-cased.
pub fn primary_lang(lang: Option<&str>) -> Option<String> {
    let l = lang?.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    (!l.is_empty()).then_some(l)
}

/// Stop words of `lang` (a primary subtag); English when unknown. Short
/// lists of each language's articles, pronouns, prepositions, conjunctions
/// and auxiliaries (after the Snowball project's lists, cut to the most
/// frequent): the wasm binary has a size budget. Each list is in byte
/// order ([`Analyzer`] searches it by halves).
pub fn stop_words(lang: Option<&str>) -> &'static str {
    match lang {
        Some("de") => "aber als also am an auch auf aus bei bin bis da damit dann das dass dem den der des dich die dies diese dieser dieses doch du durch ein eine einem einen einer eines er es für gegen haben hat hatte ich ihr ihre im in ist ja jetzt kann kein keine man mehr mein mich mir mit nach nicht noch nun nur ob oder schon sehr sein seine sich sie sind so um und uns unter vom von vor war waren was weil wenn wer werden wie wir wird wurde zu zum zur über",
        Some("fr") => "ai au aux avec avoir ce ces cet cette comme dans de des donc du elle elles en est et eu fait il ils je la le les leur leurs lui ma mais me mes moi mon même ne ni nos notre nous on ont ou où par pas plus pour qu que qui sa sans se ses si son sont sur ta te tes toi ton tous tout très tu un une vos votre vous été être",
        Some("es") => "al algo como con cual cuando de del desde donde el ella ellas ellos en entre era es esa ese eso esta este esto estos está están fue ha han hasta hay la las le les lo los me mi muy más nada ni no nos o para pero por porque que qué se ser si sin sobre son su sus sí también te tiene todo tu un una uno unos y ya yo",
        Some("it") => "a ad agli ai al alla alle anche che chi ci come con da dal dalla dei del della delle di e ed era essere gli ha hanno ho i il in io la le lei lo loro lui ma mi ne negli nei nel nella non o per più questa queste questi questo se si sono su sua sue sul sulla suo suoi ti tra tu un una uno è",
        Some("pt") => "a ao aos as até com como da das de dela dele do dos e ela elas ele eles em entre era essa esse esta este eu foi há isso isto já lhe mais mas me mesmo meu muito na nas nem no nos não o os ou para pela pelo por qual quando que se sem ser seu seus sua suas são também te tem um uma você é",
        Some("nl") => "aan al als bij dan dat de deze die dit door een en er geen had heb heeft hem het hij hoe hun ik in is je kan maar me met mij na naar niet nog nu of om omdat ons ook op over te tot u uit van veel voor was wat we wel werd wie wij worden wordt zal ze zich zij zijn zo",
        Some("ru") => "а без был была были было быть в вам вас во вот все всё вы где да даже для до его ее если есть еще ещё её же за и из или им их к как ко когда кто ли мне мы на над не него нее нет неё ни них но ну о об он она они оно от по под при с со так также то того тоже только ты у уже чем что чтобы эта эти это этот я",
        _ => "a about above after again all also am an and any are aren as at be because been before being below between both but by can could did didn do does doesn doing don down during each few for from further had has have having he her here hers him his how i if in into is isn it its itself just ll me more most my no nor not now of off on once only or other our out over own re same she should so some such than that the their them then there these they this those through to too under until up ve very was wasn we were what when where which while who whom why will with won would you your",
    }
}

/// The longest stop word of any list, in bytes: a longer word is no stop
/// word. Pith's choice, the width of a `u128`.
pub const STOP_WORD_MAX_BYTES: usize = 16;

/// A word of at most [`STOP_WORD_MAX_BYTES`] bytes as one integer, its
/// bytes big-end first and zeros after: integers in the words' byte
/// order (a shorter word before the longer ones it begins).
fn packed_word(w: &str) -> Option<u128> {
    let b = w.as_bytes();
    (b.len() <= STOP_WORD_MAX_BYTES).then(|| {
        let mut x = [0u8; STOP_WORD_MAX_BYTES];
        x[..b.len()].copy_from_slice(b);
        u128::from_be_bytes(x)
    })
}

/// The last letters of every suffix Porter2 (Snowball English) removes or
/// replaces (steps 1a–5: `s`, `ied`, `ing`, `y`, `li`, `ism`, `ation`,
/// `izer`, `ate`, `ment`, `ic`, `al`, `e`, …) and of its exceptional
/// words (`skies`, `dying`, `only`, …). A word ending otherwise (`photo`,
/// `book`, `graph`, `tax`) is its own stem, and is not stemmed: a stem
/// costs about 2,600 instructions, and stemming was 6.8 % of the core's
/// (callgrind over `pith-lab profile`, session 15; a test checks words
/// of every other ending).
const STEMMED_ENDINGS: &[u8] = b"cdegilmnrsty";

/// Tokenises, drops stop words and stems (§2.4 steps 2–3), for one
/// language. Build once per page.
pub struct Analyzer {
    /// In byte order ([`stop_words`]'s lists are written so; a test checks),
    /// searched by halves: a linear scan of the English list was 0.8 % of
    /// the core's instructions, a sort here 10 KB of wasm. Pages analyse
    /// each distinct word once ([`PageTerms::of`]).
    ///
    /// Each word is packed as a `u128` ([`packed_word`]): a search
    /// compares integers, not strings through `memcmp` (session 33: the
    /// core's instructions −0.6 %, callgrind over `pith-lab profile
    /// wcxb-dev --limit 60`; every
    /// list's words are at most [`STOP_WORD_MAX_BYTES`] long, a test
    /// checks).
    stop: Vec<u128>,
    /// English pages' words are stemmed ([`crate::stem::english`]).
    stem: bool,
}

impl Analyzer {
    /// The analyser for a page in `lang` (a `lang` attribute value).
    pub fn new(lang: Option<&str>) -> Analyzer {
        let primary = primary_lang(lang);
        let listed = matches!(primary.as_deref(), Some("de" | "fr" | "es" | "it" | "pt" | "nl" | "ru"));
        let english = !listed && primary.as_deref().map_or(true, |l| l == "en");
        let list_lang = if listed { primary.as_deref() } else { None };
        Analyzer {
            stop: stop_words(list_lang).split(' ').filter_map(packed_word).collect(),
            stem: english,
        }
    }

    /// Calls `f(token, unspaced)` for every token of `text`, in order, as
    /// written: a word of a spaced script, or a bigram (or lone unit) of an
    /// unspaced run.
    pub fn each_token<'t>(text: &'t str, f: &mut dyn FnMut(&'t str, bool)) {
        let bytes = text.as_bytes();
        let mut word: Option<usize> = None;
        // Units of an unspaced run, as byte ranges: a character with its
        // combining marks. A run is contiguous, so a bigram is a slice.
        let mut units: Vec<(usize, usize)> = Vec::new();
        let mut i = 0;
        // Each character, then a space ending the last token.
        while i <= bytes.len() {
            let (c, len) = match bytes.get(i) {
                None => (' ', 1),
                // ASCII, most characters of most pages, byte by byte: no
                // unspaced run starts here, and one that ended is flushed
                // below (the whole tokeniser 3.51 → 3.09 G instructions
                // over 100 wcxb-dev pages, 5 runs each, from decoding
                // every character; callgrind over `pith-lab profile`,
                // session 18).
                Some(&b) if b.is_ascii() && units.is_empty() => {
                    if b.is_ascii_alphanumeric() || b == b'_' {
                        word.get_or_insert(i);
                    } else if let Some(s) = word.take() {
                        f(&text[s..i], false);
                    }
                    i += 1;
                    continue;
                }
                Some(_) => {
                    let c = text[i..].chars().next().unwrap_or(' ');
                    (c, c.len_utf8())
                }
            };
            if is_unspaced(c) && is_word_char(c) {
                if let Some(s) = word.take() {
                    f(&text[s..i], false);
                }
                let end = i + len;
                match units.last_mut() {
                    Some(u) if is_thai_mark(c) => u.1 = end,
                    _ => units.push((i, end)),
                }
                i += len;
                continue;
            }
            if let [(s, e)] = units[..] {
                f(&text[s..e], true);
            }
            for pair in units.windows(2) {
                f(&text[pair[0].0..pair[1].1], true);
            }
            units.clear();
            if is_word_char(c) {
                word.get_or_insert(i);
            } else if let Some(s) = word.take() {
                f(&text[s..i], false);
            }
            i += len;
        }
    }

    /// The term of a lower-cased word of a spaced script: None for a stop
    /// word, a single character or a number; else its stem.
    pub fn term_of(&self, lower: &str) -> Option<String> {
        self.term_in(lower).map(std::borrow::Cow::into_owned)
    }

    /// [`Analyzer::term_of`], borrowing `lower` where it is its own term
    /// (an unstemmed language, a word the stemmer leaves as it is).
    fn term_in<'a>(&self, lower: &'a str) -> Option<std::borrow::Cow<'a, str>> {
        let keep = lower.chars().nth(1).is_some()
            && !lower.chars().all(|c| c.is_ascii_digit())
            && packed_word(lower).is_none_or(|w| self.stop.binary_search(&w).is_err());
        keep.then(|| {
            if self.stem && lower.as_bytes().last().is_some_and(|b| STEMMED_ENDINGS.contains(b)) {
                crate::stem::english(lower)
            } else {
                std::borrow::Cow::Borrowed(lower)
            }
        })
    }

    /// Calls `f(surface, key)` for every term of `text`, in order: the
    /// surface form as written, the key of the term (stem) it counts as:
    /// its id in `known` (words `known` analysed are not analysed again;
    /// `known` must come from an analyser of the same language), or past
    /// those, its id in `more`, where new terms are added.
    pub fn each_term_key<'t>(&self, text: &'t str, known: &PageTerms, more: &mut PageTerms, f: &mut dyn FnMut(&'t str, u32)) {
        let base = known.vocab.len() as u32;
        // Lower-cased word → its key (NO_TERM: no term), for the words
        // `known` does not hold: each distinct word is stemmed once.
        let mut more_words: WordMap<u32> = WordMap::default();
        let mut lower = String::new();
        Analyzer::each_token(text, &mut |surface, unspaced| {
            let mut key_of = |term: &str| known.find(term).unwrap_or_else(|| base + more.id(term));
            let key = if unspaced {
                key_of(surface)
            } else {
                // Most words are written lower-case already (as in PageTerms::of).
                let word: &str = if is_lower_word(surface) {
                    surface
                } else {
                    lower_into(surface, &mut lower);
                    &lower
                };
                match known.words.get(word).or_else(|| more_words.get(word)) {
                    Some(&key) => key,
                    None => {
                        let key = self.term_in(word).map_or(NO_TERM, |t| key_of(&t));
                        more_words.insert(word.to_string(), key);
                        key
                    }
                }
            };
            if key != NO_TERM {
                f(surface, key);
            }
        });
    }

    /// The terms of `text` (stems, stop words removed), in order.
    pub fn terms(&self, text: &str) -> Vec<String> {
        let mut more = PageTerms::default();
        let mut keys = Vec::new();
        self.each_term_key(text, &PageTerms::default(), &mut more, &mut |_, k| keys.push(k));
        keys.into_iter().map(|k| more.vocab[k as usize].clone()).collect()
    }
}

/// §2.4 steps 2–3: the terms of `text` (stems, stop words removed), in
/// order, for a text in `lang`.
pub fn terms(text: &str, lang: Option<&str>) -> Vec<String> {
    Analyzer::new(lang).terms(text)
}

/// Indices of `keys`, highest key first, ties in index order. The one sort
/// the three seed 003–004 modules share (a sort is kilobytes of wasm per
/// instantiation); non-negative floats sort as their bits.
pub fn order_desc(keys: impl Iterator<Item = u64>) -> Vec<u32> {
    let keys: Vec<u64> = keys.map(|k| u64::MAX - k).collect();
    crate::sort::order(&keys)
}

/// §2.4 step 4: each term's count, most frequent first (ties: first seen).
pub fn term_frequencies(terms: &[String]) -> Vec<(String, u32)> {
    let mut vocab = PageTerms::default();
    let mut counts: Vec<u32> = Vec::new();
    for t in terms {
        let i = vocab.id(t) as usize;
        counts.resize(vocab.vocab.len(), 0);
        counts[i] += 1;
    }
    let order = order_desc(counts.iter().map(|&c| u64::from(c)));
    order.into_iter().map(|i| (vocab.vocab[i as usize].clone(), counts[i as usize])).collect()
}

/// The article's keywords: its [`ARTICLE_KEYWORDS`] most frequent stems
/// occurring at least [`MIN_KEYWORD_COUNT`] times, each shown as its most
/// frequent surface form (ties: first seen).
pub fn article_keywords(text: &str, lang: Option<&str>) -> Vec<String> {
    article_keywords_known(text, lang, None)
}

/// [`article_keywords`], with the words the page's analysis already met
/// ([`PageTerms::of`], same `lang`) taken from it instead of stemmed again:
/// the article is made of the page's leaves, so most of its words are
/// known. Same keywords; stemming the article a second time was 6 % of the
/// core's native time on wcxb-dev (`perf record` over `pith-lab profile`,
/// 2026-11-24).
pub fn article_keywords_known(text: &str, lang: Option<&str>, known: Option<&PageTerms>) -> Vec<String> {
    let none = PageTerms::default();
    let known = known.unwrap_or(&none);
    let analyzer = Analyzer::new(lang);
    // A term's key: its id in `known`, or, past those, its id in `more`
    // (terms of words the page's analysis never met). The known words'
    // terms are counted by id, not hashed again as text (session 33: the
    // article's keywords 52.7 → 26.2 ms of the core's native time over
    // 200 wcxb-dev pages, `pith-lab signals`; the core's instructions
    // −1.7 %, callgrind over `pith-lab profile wcxb-dev --limit 60`).
    let mut more = PageTerms::default();
    // Per key, its place in first-seen order, or NO_TERM: ties between
    // equal counts go to the term seen first.
    let mut place: Vec<u32> = vec![NO_TERM; known.vocab.len()];
    let mut counts: Vec<u32> = Vec::new();
    // Per stem (in first-seen order): its surface forms (slices of `text`:
    // a `String` each was 7 % of the core's allocations, DHAT over
    // `pith-lab profile`, session 15) with their counts.
    let mut forms: Vec<Vec<(&str, u32)>> = Vec::new();
    analyzer.each_term_key(text, known, &mut more, &mut |surface, key| {
        let k = key as usize;
        if k >= place.len() {
            place.resize(k + 1, NO_TERM);
        }
        if place[k] == NO_TERM {
            place[k] = counts.len() as u32;
            counts.push(0);
            forms.push(Vec::new());
        }
        let i = place[k] as usize;
        counts[i] += 1;
        match forms[i].iter_mut().find(|(f, _)| *f == surface) {
            Some(form) => form.1 += 1,
            None => forms[i].push((surface, 1)),
        }
    });
    order_desc(counts.iter().map(|&c| u64::from(c)))
        .into_iter()
        .map(|i| i as usize)
        .take_while(|&i| counts[i] >= MIN_KEYWORD_COUNT)
        .take(ARTICLE_KEYWORDS)
        .map(|i| {
            let best = forms[i].iter().map(|f| f.1).max().unwrap_or(0);
            forms[i].iter().find(|f| f.1 == best).map(|f| f.0.to_string()).unwrap_or_default()
        })
        .collect()
}

/// Whether `token` is its own lower-cased form for certain without
/// copying it (ASCII lower-case letters, digits, `_`).
fn is_lower_word(token: &str) -> bool {
    token.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The page's language for analysis: its `lang`, if set.
pub fn page_lang(page: &Page) -> Option<&str> {
    Some(page.lang.trim()).filter(|l| !l.is_empty())
}

/// A vocabulary of terms, and every leaf's terms as ids into it.
#[derive(Debug, Clone, Default)]
pub struct PageTerms {
    /// Term (stem) per id.
    pub vocab: Vec<String>,
    /// Every leaf's terms in order, repeats kept, leaf after leaf
    /// ([`PageTerms::leaves`]).
    terms: Vec<u32>,
    /// Per leaf (index into [`crate::segment::Segmentation::leaves`]):
    /// where its terms end in `terms`.
    ends: Vec<u32>,
    /// The vocabulary's index: open addressing over `vocab`, each slot a
    /// term id or [`NO_TERM`], the term's FNV-1a hash its first slot, a
    /// taken slot's next the next to try. One `String` a term, where a
    /// map keyed by a copy of it took two (DHAT over `pith-lab profile`,
    /// session 15).
    slots: Vec<u32>,
    /// Lower-cased word of a spaced script → its term id, or [`NO_TERM`]
    /// (a stop word, a number, a single character): every word
    /// [`PageTerms::of`] analysed.
    words: WordMap<u32>,
}

/// A word that is no term, in [`PageTerms`]'s word map; an empty slot of
/// its index.
const NO_TERM: u32 = u32::MAX;

/// [`PageTerms`]' first index size (a power of two). Pith's choice: a
/// short page's terms fit without a regrowth.
const INDEX_SLOTS: usize = 256;

impl PageTerms {
    /// The terms of every leaf of the page. Each distinct word is
    /// analysed once (pages repeat their words).
    pub fn of(cx: &Context) -> PageTerms {
        let analyzer = Analyzer::new(page_lang(cx.page));
        let mut pt = PageTerms::default();
        // Lower-cased word → its term id, or NO_TERM when it is no term.
        let mut seen: WordMap<u32> = WordMap::default();
        let mut lower = String::new();
        pt.ends.reserve_exact(cx.seg.leaves.len());
        for leaf in &cx.seg.leaves {
            let mut ids = std::mem::take(&mut pt.terms);
            Analyzer::each_token(leaf.text(cx.page), &mut |token, unspaced| {
                if unspaced {
                    return ids.push(pt.id(token));
                }
                // Most words are written lower-case already: those are
                // looked up as they are, not copied (session 26).
                let word: &str = if is_lower_word(token) {
                    token
                } else {
                    lower_into(token, &mut lower);
                    &lower
                };
                let id = match seen.get(word) {
                    Some(&id) => id,
                    None => {
                        let id = analyzer.term_in(word).map_or(NO_TERM, |t| pt.id(&t));
                        seen.insert(word.to_string(), id);
                        id
                    }
                };
                if id != NO_TERM {
                    ids.push(id);
                }
            });
            pt.terms = ids;
            pt.ends.push(pt.terms.len() as u32);
        }
        pt.words = seen;
        pt
    }

    /// Every leaf's terms (ids into `vocab`), in order, leaf by leaf.
    pub fn leaves(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&e| {
            let t = &self.terms[start..e as usize];
            start = e as usize;
            t
        })
    }

    /// The id of `term`, if in the vocabulary.
    pub fn find(&self, term: &str) -> Option<u32> {
        let mask = self.slots.len().wrapping_sub(1);
        if self.slots.is_empty() {
            return None;
        }
        let mut k = super::vsse::fnv1a64(term.as_bytes()) as usize & mask;
        loop {
            match self.slots[k] {
                NO_TERM => return None,
                i if self.vocab[i as usize] == term => return Some(i),
                _ => k = (k + 1) & mask,
            }
        }
    }

    /// The id of `term`, added to the vocabulary when new.
    pub fn id(&mut self, term: &str) -> u32 {
        if let Some(i) = self.find(term) {
            return i;
        }
        let i = self.vocab.len() as u32;
        self.vocab.push(term.to_string());
        // At most half the slots taken: probes stay short.
        if self.vocab.len() * 2 > self.slots.len() {
            self.slots = vec![NO_TERM; (self.slots.len() * 2).max(INDEX_SLOTS)];
            for (j, t) in self.vocab.iter().enumerate() {
                place(&mut self.slots, t, j as u32);
            }
        } else {
            place(&mut self.slots, term, i);
        }
        i
    }
}

/// Puts term id `i` (of text `term`) in its first free slot of `slots`
/// ([`PageTerms`]' index).
fn place(slots: &mut [u32], term: &str, i: u32) {
    let mask = slots.len() - 1;
    let mut k = super::vsse::fnv1a64(term.as_bytes()) as usize & mask;
    while slots[k] != NO_TERM {
        k = (k + 1) & mask;
    }
    slots[k] = i;
}

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[
    ColumnSpec {
        key: "keywords.terms",
        signal: "keywords",
        label: "terms",
        source: "seed 003 §2.4, steps 2–3",
        description: "Terms of a leaf: its words less stop words, stemmed (CJK: character bigrams), repeats counted.",
    },
    ColumnSpec {
        key: "keywords.topShare",
        signal: "keywords",
        label: "top share",
        source: "seed 003 §2.4, step 4 (Freq_Count)",
        description: "Share of a leaf's terms that are among the page's 20 most frequent terms (visible leaves).",
    },
];

/// Writes [`COLUMNS`] for every leaf, and returns the page's terms (the
/// VSSE signal weighs them too: the page is analysed once).
pub fn score(cx: &Context, table: &mut ScoreTable) -> PageTerms {
    let c = table.add_all(COLUMNS);
    let pt = PageTerms::of(cx);
    let mut tf = vec![0u32; pt.vocab.len()];
    for (leaf, ids) in cx.seg.leaves.iter().zip(pt.leaves()) {
        if !leaf.hidden {
            for &t in ids {
                tf[t as usize] += 1;
            }
        }
    }
    let mut top = vec![false; tf.len()];
    for &t in order_desc(tf.iter().map(|&n| u64::from(n))).iter().take(PAGE_TOP_TERMS) {
        top[t as usize] = tf[t as usize] > 0;
    }
    for (leaf, ids) in cx.seg.leaves.iter().zip(pt.leaves()) {
        table.set(c[0], leaf.id, ids.len() as f32);
        if !ids.is_empty() {
            let hits = ids.iter().filter(|&&t| top[t as usize]).count();
            table.set(c[1], leaf.id, hits as f32 / ids.len() as f32);
        }
    }
    pt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_stop_words_and_stemming() {
        assert_eq!(
            terms("The users are using the useful connections, and 2024 isn't a year.", None),
            ["user", "use", "use", "connect", "year"]
        );
        assert_eq!(terms("Running runners ran", Some("en-GB")), ["run", "runner", "ran"]);
    }

    #[test]
    fn words_of_other_endings_are_their_own_stems() {
        let ends = |w: &str| w.as_bytes().last().is_some_and(|b| STEMMED_ENDINGS.contains(b));
        // Every ending a suffix or exception has is listed.
        for w in ["cats", "baked", "running", "happy", "fulli", "fully", "ism", "nation", "sizer", "relate", "element", "heroic", "formal", "rule", "skies", "dying", "news"] {
            assert!(ends(w), "{w}");
        }
        for w in ["photo", "book", "graph", "tax", "buzz", "stuff", "jazz", "hub", "pizza", "bureau", "window", "ajax", "kebab", "mp3", "café", "tempo", "fizz", "gulf", "cliff", "ebb", "chalk", "bishop", "zoo", "menu", "tattoo", "how", "yahoo", "bbq", "iiif", "happy_hub"] {
            assert!(!ends(w), "{w}");
            assert_eq!(crate::stem::english(w), w, "{w} is its own stem");
        }
    }

    #[test]
    fn german_and_french_stop_words_without_stemming() {
        assert_eq!(terms("Die Katze und der Hund sind im Garten", Some("de")), ["katze", "hund", "garten"]);
        assert_eq!(
            terms("Le chat et la souris dans l'église", Some("fr-CA")),
            ["chat", "souris", "église"]
        );
        // English stop words are not removed from a German page.
        assert_eq!(terms("the Band", Some("de")), ["the", "band"]);
    }

    #[test]
    fn russian_stop_words_and_lower_case() {
        assert_eq!(terms("Он и Она НЕ знали ПРАВДУ", Some("ru")), ["знали", "правду"]);
    }

    #[test]
    fn unspaced_scripts_give_overlapping_bigrams() {
        assert_eq!(terms("信息抽取", Some("zh")), ["信息", "息抽", "抽取"]);
        // A lone ideograph is its own term; spaced words around it are words.
        assert_eq!(terms("Pith 读 reader", Some("zh")), ["pith", "读", "reader"]);
        // Kana and kanji form one run.
        assert_eq!(terms("日本の", Some("ja")), ["日本", "本の"]);
        // Thai marks stay with their letter: กิน = ก+ิ, น; น้ำ = น+้, ำ.
        assert_eq!(terms("กิน น้ำ", Some("th")), ["กิน", "น้ำ"]);
    }

    #[test]
    fn term_frequencies_most_frequent_first() {
        let t = terms("cats chase mice; a cat sleeps; the cats purr", None);
        let tf = term_frequencies(&t);
        assert_eq!(tf[0], ("cat".to_string(), 3));
        assert_eq!(tf[1], ("chase".to_string(), 1));
    }

    #[test]
    fn article_keywords_show_the_most_frequent_surface_form() {
        let text = "Rust compiles. Rust is fast. rust programs compile quickly; \
                    compiling Rust is fun. Once only.";
        let kw = article_keywords(text, Some("en"));
        assert_eq!(kw, ["Rust", "compiles"]);
        assert!(article_keywords("", None).is_empty());
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn signal_counts_terms_and_their_share_of_the_top_terms() {
        let page = crate::html::parse_document(
            "<html lang='en'><body><p>Cats chase cats.</p><p>The dog sleeps.</p></body></html>",
            "u",
        )
        .unwrap();
        let seg = crate::segment::segment(&page);
        let mut table = ScoreTable::new(page.nodes.len());
        score(&Context::new(&page, &seg), &mut table);
        let (terms, share) = (table.expect("keywords.terms"), table.expect("keywords.topShare"));
        let (p1, p2) = (page.children(0)[0], page.children(0)[1]);
        // "cat chase cat" and "dog sleep": 4 stems, all among the top 20.
        assert_eq!((table.get(terms, p1), table.get(terms, p2)), (3.0, 2.0));
        assert_eq!((table.get(share, p1), table.get(share, p2)), (1.0, 1.0));
    }

    #[test]
    fn stop_word_lists_are_in_byte_order() {
        for lang in [None, Some("de"), Some("fr"), Some("es"), Some("it"), Some("pt"), Some("nl"), Some("ru")] {
            let words: Vec<&str> = stop_words(lang).split(' ').collect();
            assert!(words.windows(2).all(|w| w[0] < w[1]), "{lang:?}");
            // Each fits its packed form, and the packed forms keep the order.
            assert!(words.iter().all(|w| w.len() <= STOP_WORD_MAX_BYTES), "{lang:?}");
            let packed: Vec<u128> = words.iter().filter_map(|w| packed_word(w)).collect();
            assert!(packed.windows(2).all(|w| w[0] < w[1]), "{lang:?}");
            assert_eq!(Analyzer::new(lang).stop.len(), words.len());
        }
    }

    #[test]
    fn primary_language_subtag() {
        assert_eq!(primary_lang(Some(" pt-BR ")), Some("pt".to_string()));
        assert_eq!(primary_lang(Some("")), None);
        assert_eq!(primary_lang(None), None);
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn article_keywords_from_the_page_terms_are_the_same() {
        let text = "Rivers carve canyons. The river's canyons deepen as rivers carve; \
                    carving rivers, deep canyons, 2024 floods and flooding canyons.";
        let html = format!("<html lang='en'><body><p>{text}</p><p>Canyons of other rivers.</p></body></html>");
        let page = crate::html::parse_document(&html, "u").unwrap();
        let seg = crate::segment::segment(&page);
        let cx = Context::new(&page, &seg);
        let pt = PageTerms::of(&cx);
        assert!(!pt.words.is_empty());
        // The article's text, and a text with words the page never had.
        for t in [text, "Bridges span rivers; bridges span canyons.", "Canyon canyons CANYON, 信息抽取 信息抽取"] {
            let fresh = article_keywords(t, Some("en"));
            assert!(!fresh.is_empty());
            assert_eq!(fresh, by_definition(t, Some("en")), "{t}");
            assert_eq!(article_keywords_known(t, Some("en"), Some(&pt)), fresh, "{t}");
        }
    }

    /// The article's keywords as [`article_keywords`] defines them, each
    /// term counted by its text: what the counting by page term ids must
    /// equal.
    fn by_definition(text: &str, lang: Option<&str>) -> Vec<String> {
        let mut order: Vec<String> = Vec::new();
        let mut counts: Vec<u32> = Vec::new();
        let mut forms: Vec<Vec<(&str, u32)>> = Vec::new();
        let analyzer = Analyzer::new(lang);
        // Each word lower-cased and analysed where it stands.
        let mut pairs: Vec<(&str, String)> = Vec::new();
        Analyzer::each_token(text, &mut |token, unspaced| {
            if unspaced {
                return pairs.push((token, token.to_string()));
            }
            if let Some(t) = analyzer.term_of(&crate::text::lower(token)) {
                pairs.push((token, t));
            }
        });
        for (surface, term) in pairs {
            let i = order.iter().position(|t| *t == term).unwrap_or_else(|| {
                order.push(term.clone());
                counts.push(0);
                forms.push(Vec::new());
                order.len() - 1
            });
            counts[i] += 1;
            match forms[i].iter_mut().find(|(f, _)| *f == surface) {
                Some(form) => form.1 += 1,
                None => forms[i].push((surface, 1)),
            }
        }
        let mut by: Vec<usize> = (0..order.len()).collect();
        by.sort_by_key(|&i| std::cmp::Reverse(counts[i]));
        by.into_iter()
            .filter(|&i| counts[i] >= MIN_KEYWORD_COUNT)
            .take(ARTICLE_KEYWORDS)
            .map(|i| {
                let best = forms[i].iter().map(|f| f.1).max().unwrap_or(0);
                forms[i].iter().find(|f| f.1 == best).unwrap().0.to_string()
            })
            .collect()
    }
}
