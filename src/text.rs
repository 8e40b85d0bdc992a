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
pub fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

/// Scripts written without spaces between words: each character counts as
/// one word (Han, Hiragana, Katakana). Seed 000 measured Chinese pages, where
/// WordNum can only mean characters.
pub fn is_unspaced(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF   // Hiragana, Katakana
        | 0x3400..=0x4DBF // CJK Extension A
        | 0x4E00..=0x9FFF // CJK Unified Ideographs
        | 0xF900..=0xFAFF // CJK Compatibility Ideographs
        | 0x20000..=0x2FA1F)
}

/// A character that is part of a word: the Unicode `\w` class (letters,
/// marks, digits, connector punctuation), as the evaluation's tokeniser uses.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || is_mark(c)
}

fn is_mark(c: char) -> bool {
    // Combining marks that `is_alphanumeric` does not cover (Devanagari
    // vowel signs and the like). A coarse range test is enough for counting.
    matches!(c as u32, 0x0300..=0x036F | 0x0900..=0x0DFF | 0x1AB0..=0x1AFF | 0x20D0..=0x20FF)
}

/// Number of words: runs of word characters, where each character of an
/// unspaced script counts as a word of its own.
pub fn word_count(s: &str) -> usize {
    let mut count = 0;
    let mut in_word = false;
    for c in s.chars() {
        if is_unspaced(c) {
            count += 1;
            in_word = false;
        } else if is_word_char(c) {
            if !in_word {
                count += 1;
                in_word = true;
            }
        } else {
            in_word = false;
        }
    }
    count
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
            out.extend(c.to_lowercase());
        } else {
            pending_space = true;
        }
    }
    out
}

/// The words of an element's `class` and `id`: split at anything but
/// ASCII letters and digits and at lower-to-upper case changes
/// (`tab-pane`, `dropdownMenu`, `post_body`), lower-cased.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NameTokens(Vec<String>);

impl NameTokens {
    pub fn new(class: &str, id: &str) -> NameTokens {
        let mut out = Vec::new();
        for s in [class, id] {
            let mut cur = String::new();
            let mut prev_lower = false;
            for c in s.chars() {
                if c.is_ascii_alphanumeric() {
                    if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
                        out.push(std::mem::take(&mut cur));
                    }
                    prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
                    cur.push(c.to_ascii_lowercase());
                } else {
                    if !cur.is_empty() {
                        out.push(std::mem::take(&mut cur));
                    }
                    prev_lower = false;
                }
            }
            if !cur.is_empty() {
                out.push(cur);
            }
        }
        NameTokens(out)
    }

    /// Whether any token is one of `words`.
    pub fn any(&self, words: &[&str]) -> bool {
        self.0.iter().any(|t| words.contains(&t.as_str()))
    }

    /// Whether any token starts with one of `prefixes`.
    pub fn any_prefix(&self, prefixes: &[&str]) -> bool {
        self.0.iter().any(|t| prefixes.iter().any(|p| t.starts_with(p)))
    }

    pub fn tokens(&self) -> &[String] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(t.tokens(), ["tab", "pane", "dropdown", "menu", "post", "body2"]);
        assert!(t.any(&["menu"]) && !t.any(&["nav"]) && t.any_prefix(&["body"]));
    }

    #[test]
    fn folds_for_comparison() {
        assert_eq!(fold_for_compare("  The  Title: Part 2 "), "the title part 2");
    }
}
