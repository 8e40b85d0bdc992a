//! Cue: is there running text here at all? Mozilla's `isProbablyReaderable`
//! (Readability.js 0.6, `Readability-readerable.js`), over the page model:
//! paragraphs, `<pre>` and `<article>` elements (and `<div>`s holding a
//! `<br>`) that are visible, not named like page furniture, not a list
//! item's paragraph, and at least 140 characters long each add
//! `sqrt(length − 140)`; past 20 the page is readerable. Written on the
//! root row; the decision reports it with a reason.

use crate::model::{NodeKind, Page, Tag};
use crate::papers::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// `isProbablyReaderable`'s `minContentLength`.
pub const MIN_CONTENT_LENGTH: usize = 140;
/// `isProbablyReaderable`'s `minScore`.
pub const MIN_SCORE: f64 = 20.0;

/// Readability.js `REGEXPS.unlikelyCandidates` (matched case-insensitively
/// in `className + " " + id`).
pub const UNLIKELY: &[&str] = &[
    "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
    "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox",
    "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager",
    "popup", "yom-remote",
];
/// Readability.js `REGEXPS.okMaybeItsACandidate`.
pub const OK_MAYBE: &[&str] = &["and", "article", "body", "column", "content", "main", "mathjax", "shadow"];

pub const COLUMNS: &[ColumnSpec] = &[ColumnSpec {
    key: "readerable.score",
    signal: "readerable",
    label: "readerable score",
    source: "Readability.js 0.6 isProbablyReaderable",
    description: "Root row: the sum of sqrt(length − 140) over long visible paragraphs, stopped once past 20.",
}];

/// The score, stopped once it passes [`MIN_SCORE`] as Readability.js's
/// `some()` does.
pub fn score_page(page: &Page) -> f64 {
    let mut score = 0.0;
    for id in 0..page.nodes.len() {
        let Some(e) = page.element(id) else { continue };
        let candidate = matches!(e.tag, Tag::P | Tag::Pre | Tag::Article)
            || (e.tag == Tag::Div && page.children(id).iter().any(|&c| page.tag(c) == Some(Tag::Br)));
        if !candidate || e.hidden || e.aria_hidden {
            continue;
        }
        let names = format!("{} {}", e.class, e.id()).to_ascii_lowercase();
        if UNLIKELY.iter().any(|u| names.contains(u)) && !OK_MAYBE.iter().any(|o| names.contains(o)) {
            continue;
        }
        if e.tag == Tag::P && page.closest(id, |a| a.tag == Tag::Li).is_some() {
            continue;
        }
        // textContent: every text node under it (hidden ones too).
        let mut text = String::new();
        for n in page.subtree(id) {
            if let NodeKind::Text(t) = page.kind(n) {
                text.push_str(t);
            }
        }
        let len = text.trim().encode_utf16().count();
        if len < MIN_CONTENT_LENGTH {
            continue;
        }
        score += ((len - MIN_CONTENT_LENGTH) as f64).sqrt();
        if score > MIN_SCORE {
            break;
        }
    }
    score
}

/// Writes [`COLUMNS`] on row 0.
pub fn score(cx: &Context, table: &mut ScoreTable) {
    let c = table.add_all(COLUMNS);
    if !cx.page.nodes.is_empty() {
        table.set(c[0], 0, score_page(cx.page) as f32);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::html::parse_document;

    #[test]
    fn long_visible_paragraphs_make_a_page_readerable() {
        let long = "word ".repeat(60);
        let page = parse_document(&format!("<html><body><p>{long}</p><p>{long}</p></body></html>"), "u").unwrap();
        // 299 characters each: 2 × sqrt(159) ≈ 25.2 > 20.
        assert!(score_page(&page) > MIN_SCORE);
        let hidden = parse_document(
            &format!("<html><body><p hidden>{long}</p><div class='sidebar'><p class='menu'>{long}</p></div><ul><li><p>{long}</p></li></ul></body></html>"),
            "u",
        )
        .unwrap();
        assert_eq!(score_page(&hidden), 0.0);
    }
}
