//! Generated pages no data set has, checked before a model is written.
//!
//! The first is the shape of `tests/eval/large-page.mjs`, the page
//! `tests/e2e/hostile.test.mjs` opens in the reader: one article (an
//! `<h1>` and 500 paragraphs) followed by navigation lists of 40 links
//! each, up to the number of elements asked for. As it grows, the links
//! hold many times the article's text: far outside the training pages.
//! A model that learned a leaf's position after the `<h1>` relative to the
//! page's text (2026-11-23) kept the links of the 100,000-element page
//! (39,830 here) and of the 200,000-element one, whose article then
//! overflowed the reader's storage; the check makes `train --write` refuse
//! such a model instead of the end-to-end test finding it after a rebuild.

use std::path::PathBuf;
use std::process::Command;

use pith::extract::{extract_with, Models, Options};

/// The sizes checked: the end-to-end test's page and smaller ones on the
/// way to it.
pub const SIZES: [usize; 3] = [20_000, 100_000, 200_000];

/// The large page of about `elements` elements and its article's number of
/// paragraphs, from `tests/eval/large-page.mjs` itself (through node, which
/// `./build.sh` has set up), so that the lab checks the page the tests open.
pub fn large_page(elements: usize) -> Result<(String, usize), String> {
    let module = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/eval/large-page.mjs");
    let module = module.canonicalize().map_err(|e| format!("{}: {e}", module.display()))?;
    let script = format!(
        "import {{ largePageHtml, LARGE_PAGE_PARAGRAPHS }} from {:?};\n\
         process.stdout.write(`${{LARGE_PAGE_PARAGRAPHS}}\\n` + largePageHtml({elements}));",
        format!("file://{}", module.display())
    );
    let out = Command::new("node")
        .args(["--input-type=module", "-e", &script])
        .output()
        .map_err(|e| format!("node: {e}"))?;
    if !out.status.success() {
        return Err(format!("node: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let text = String::from_utf8(out.stdout).map_err(|e| e.to_string())?;
    let (paragraphs, html) = text.split_once('\n').ok_or("node: no output")?;
    Ok((html.to_string(), paragraphs.parse().map_err(|_| format!("node: {paragraphs:?}"))?))
}

/// What a model keeps of the large page.
#[derive(Debug)]
pub struct Kept {
    /// Paragraphs of the article kept, of the article's `of`.
    pub paragraphs: usize,
    pub of: usize,
    /// Navigation links kept.
    pub links: usize,
    /// The page type the model gave the page, with its confidence.
    pub page_type: String,
}

/// What `models` keeps of the large page of `elements` elements.
#[cfg(test)]
pub fn large_page_kept(elements: usize, models: &Models) -> Result<Kept, String> {
    let (html, of) = large_page(elements)?;
    page_kept(&html, of, models)
}

/// The large page with every menu's link texts made its own ("Section 3"
/// of the fifth menu becomes "Section 3.5"): no menu repeats another, so
/// the decision's menu rule ([`pith::decision::menu_copies`]), which drops
/// the identical menus of [`large_page`] whatever the model says, leaves
/// this page's links to the model.
pub fn distinct_menus(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut menu = 0;
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with("<nav>") {
            menu += 1;
        }
        if rest.starts_with("</a>") {
            out.push_str(&format!(".{menu}"));
        }
        out.push('<');
        rest = &rest[1..];
    }
    out.push_str(rest);
    out
}

/// What `models` keeps of the large page `html` whose article has `of`
/// paragraphs.
fn page_kept(html: &str, of: usize, models: &Models) -> Result<Kept, String> {
    let page = pith::html::parse_document(&html, "http://127.0.0.1/generated/large.html").map_err(|e| e.to_string())?;
    let out = extract_with(&page, &Options { scores: false, ..Options::default() }, models).map_err(|e| e.to_string())?;
    let lines = || out.text.lines().map(str::trim);
    let paragraphs = lines().filter(|l| l.ends_with("upper gate open.")).count();
    let links = lines().filter(|l| l.starts_with("Section ")).count();
    let page_type = format!("{} {:.2}", out.page_type.kind.name(), out.page_type.confidence);
    Ok(Kept { paragraphs, of, links, page_type })
}

/// Paragraphs added to the long article ([`long_article`]).
pub const LONG_PARAGRAPHS: usize = 600;
/// The sentence each long paragraph repeats, [`LONG_REPEATS`] times.
const LONG_SENTENCE: &str = "Locks lift boats with water and patience, one chamber at a time. ";
const LONG_REPEATS: usize = 150;

/// The second generated page: the playground's article sample with
/// [`LONG_PARAGRAPHS`] paragraphs of about 10,000 characters added to its
/// article, 6 MB of text, the page of `tests/e2e/extension.test.mjs`'s "a
/// page with megabytes of text" (which adds them in the browser). Its
/// paragraphs are far longer, and their words far more repeated, than any
/// training page's: a model of 160 and 80 trees (2026-11-23) put them at
/// 0.20–0.26 and dropped a run of 36 of them in the middle of the article.
pub fn long_article() -> Result<String, String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../www/samples/article.html");
    let html = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let start = html.find("id=\"main-article\"").ok_or("article sample: no #main-article")?;
    let end = start + html[start..].find("</article>").ok_or("article sample: no </article>")?;
    let mut out = String::with_capacity(html.len() + LONG_PARAGRAPHS * (LONG_SENTENCE.len() * LONG_REPEATS + 16));
    out.push_str(&html[..end]);
    for i in 0..LONG_PARAGRAPHS {
        out.push_str(&format!("<p>{i} {}</p>", LONG_SENTENCE.repeat(LONG_REPEATS)));
    }
    out.push_str(&html[end..]);
    Ok(out)
}

/// How many of the long article's added paragraphs `models` keeps.
pub fn long_article_kept(models: &Models) -> Result<usize, String> {
    let html = long_article()?;
    let page = pith::html::parse_document(&html, "http://127.0.0.1/samples/article.html").map_err(|e| e.to_string())?;
    let out = extract_with(&page, &Options { scores: false, ..Options::default() }, models).map_err(|e| e.to_string())?;
    Ok(out.text.matches(LONG_SENTENCE.trim_end()).count() / LONG_REPEATS)
}

/// Every check: `Err` names the first page whose article is not exactly
/// its paragraphs (the large page at each size, then the long article).
pub fn check(models: &Models) -> Result<(), String> {
    for elements in SIZES {
        let (html, of) = large_page(elements)?;
        for (name, html) in [("large page", html.clone()), ("large page, menus made distinct", distinct_menus(&html))] {
            let Kept { paragraphs, of, links, page_type } = page_kept(&html, of, models)?;
            eprintln!("  {name}, {elements} elements ({page_type}): {paragraphs} of {of} paragraphs, {links} links kept");
            if paragraphs != of || links > 0 {
                return Err(format!(
                    "the {elements}-element {name} gives {paragraphs} of {of} paragraphs and {links} navigation links"
                ));
            }
        }
    }
    let kept = long_article_kept(models)?;
    eprintln!("  long article: {kept} of {LONG_PARAGRAPHS} long paragraphs kept");
    if kept != LONG_PARAGRAPHS {
        return Err(format!("the long article keeps {kept} of its {LONG_PARAGRAPHS} long paragraphs"));
    }
    Ok(())
}

/// One leaf as the decision sees it: both stages' features on its page,
/// the leaf's row and its final probability.
pub struct LeafView {
    first: pith::decision::features::Features,
    second: pith::decision::features::Features,
    row: usize,
    pub probability: f32,
}

/// The leaf `which` picks (an index into the page's leaves) of `page`.
pub fn leaf_view(
    page: &pith::Page,
    models: &Models,
    which: impl Fn(&[pith::segment::Leaf]) -> Option<usize>,
) -> Result<LeafView, String> {
    use pith::decision::{features, probabilities};
    let (seg, table, _) = pith::extract::analyse(page, models);
    let cx = pith::papers::Context::new(page, &seg);
    let first = features::features(&cx, &table);
    let rows = seg.leaves.len();
    let p1 = probabilities(&first, models.leaf.first, rows);
    let second = features::auto_context(&cx, &first, &p1);
    let row = which(&seg.leaves).ok_or("no such leaf")?;
    let probability = match models.leaf.second {
        Some(f) => probabilities(&second, f, rows)[row],
        None => p1[row],
    };
    Ok(LeafView { first, second, row, probability })
}

/// Prints, per stage, the features whose values differ between leaf `a`
/// and leaf `b`, each with the probability `b` would get with that one
/// feature taken from `a`: lowest first (the features that make `b` more
/// likely than `a` come last, those that make it less likely first when
/// `a` is the more probable).
pub fn explain_pair(a: &LeafView, b: &LeafView, models: &Models) {
    use pith::decision::{features::Features, probabilities};
    for (stage, fa, fb, forest) in [
        ("first", &a.first, &b.first, Some(models.leaf.first)),
        ("second", &a.second, &b.second, models.leaf.second),
    ] {
        let Some(forest) = forest else { continue };
        let mut rows = Vec::new();
        for (k, name) in fb.names.iter().enumerate() {
            let (va, vb) = (fa.row(a.row)[k], fb.row(b.row)[k]);
            if va == vb || (va.is_nan() && vb.is_nan()) {
                continue;
            }
            let mut values = fb.row(b.row).to_vec();
            values[k] = va;
            let one = Features { names: fb.names.clone(), values };
            rows.push((probabilities(&one, forest, 1)[0], name.clone(), va, vb));
        }
        rows.sort_by(|x, y| y.0.total_cmp(&x.0));
        println!("## {stage} stage: {} features differ (probability of b with a's value; a → b)", rows.len());
        for (p, name, va, vb) in rows.iter().take(25) {
            println!("  {p:.3}  {name:40} {va:>12.4} → {vb:>12.4}");
        }
    }
}

/// Why `models` keeps navigation links of the `elements`-element page and
/// not of the smallest: the last list's first link on both pages, compared
/// by [`explain_pair`] (`pith-lab synthetic --explain N`).
pub fn explain(elements: usize, models: &Models) -> Result<(), String> {
    let link = |n: usize| -> Result<LeafView, String> {
        let (html, _) = large_page(n)?;
        let page = pith::html::parse_document(&html, "http://127.0.0.1/generated/large.html").map_err(|e| e.to_string())?;
        leaf_view(&page, models, |leaves| leaves.iter().rposition(|l| l.text(&page).trim() == "Section 0"))
    };
    let (small, big) = (link(SIZES[0])?, link(elements)?);
    println!("last list's first link: p {:.3} at {} elements (a), {:.3} at {elements} (b)", small.probability, SIZES[0], big.probability);
    explain_pair(&small, &big, models);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_model_keeps_the_article_and_no_link() {
        // The smallest size only: the larger ones run in `train --write`.
        let k = large_page_kept(SIZES[0], &Models::default()).unwrap();
        assert_eq!((k.paragraphs, k.links), (k.of, 0));
        assert_eq!(k.of, 500);
    }

    #[test]
    fn the_shipped_model_keeps_every_long_paragraph() {
        assert_eq!(long_article_kept(&Models::default()).unwrap(), LONG_PARAGRAPHS);
    }

    #[test]
    fn the_shipped_model_keeps_no_link_of_distinct_menus() {
        let (html, of) = large_page(SIZES[0]).unwrap();
        let distinct = distinct_menus(&html);
        assert!(distinct.contains(">Section 0.1<") && distinct.contains(">Section 39.2<"));
        let k = page_kept(&distinct, of, &Models::default()).unwrap();
        assert_eq!((k.paragraphs, k.links), (k.of, 0));
    }

    #[test]
    fn the_page_has_the_elements_asked_for() {
        let (html, _) = large_page(20_000).unwrap();
        let elements = html.matches('<').count() - html.matches("</").count() - 1; // without the doctype
        assert!((19_900..=20_000).contains(&elements), "{elements}");
    }
}
