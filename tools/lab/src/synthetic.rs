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
pub fn large_page_kept(elements: usize, models: &Models) -> Result<Kept, String> {
    let (html, of) = large_page(elements)?;
    let page = pith::html::parse_document(&html, "http://127.0.0.1/generated/large.html").map_err(|e| e.to_string())?;
    let out = extract_with(&page, &Options { scores: false, ..Options::default() }, models).map_err(|e| e.to_string())?;
    let lines = || out.text.lines().map(str::trim);
    let paragraphs = lines().filter(|l| l.ends_with("upper gate open.")).count();
    let links = lines().filter(|l| l.starts_with("Section ")).count();
    let page_type = format!("{} {:.2}", out.page_type.kind.name(), out.page_type.confidence);
    Ok(Kept { paragraphs, of, links, page_type })
}

/// Every size's check: `Err` names the first size whose article is not
/// exactly its paragraphs.
pub fn check(models: &Models) -> Result<(), String> {
    for elements in SIZES {
        let Kept { paragraphs, of, links, page_type } = large_page_kept(elements, models)?;
        eprintln!("  large page, {elements} elements ({page_type}): {paragraphs} of {of} paragraphs, {links} links kept");
        if paragraphs != of || links > 0 {
            return Err(format!(
                "the {elements}-element large page gives {paragraphs} of {of} paragraphs and {links} navigation links"
            ));
        }
    }
    Ok(())
}

/// Why `models` keeps navigation links of the `elements`-element page and
/// not of the smallest: for the last list's first link, the features that
/// differ between the two pages, each with the probability the larger
/// page's link would get with that one feature taken from the smaller
/// page (`pith-lab synthetic --explain N`). Printed, strongest first.
pub fn explain(elements: usize, models: &Models) -> Result<(), String> {
    use pith::decision::{features, probabilities};
    let link = |n: usize| -> Result<(features::Features, features::Features, usize, f32), String> {
        let (html, _) = large_page(n)?;
        let page = pith::html::parse_document(&html, "http://127.0.0.1/generated/large.html").map_err(|e| e.to_string())?;
        let (seg, table, _) = pith::extract::analyse(&page, models);
        let cx = pith::papers::Context::new(&page, &seg);
        let first = features::features(&cx, &table);
        let rows = seg.leaves.len();
        let p1 = probabilities(&first, models.leaf.first, rows);
        let auto = features::auto_context(&cx, &first, &p1);
        let i = seg.leaves.iter().rposition(|l| l.text.trim() == "Section 0").ok_or("no link leaf")?;
        let p = match models.leaf.second {
            Some(f) => probabilities(&auto, f, rows)[i],
            None => p1[i],
        };
        Ok((first, auto, i, p))
    };
    let (small_first, small_auto, si, sp) = link(SIZES[0])?;
    let (big_first, big_auto, bi, bp) = link(elements)?;
    println!("last list's first link: p {sp:.3} at {} elements, {bp:.3} at {elements}", SIZES[0]);
    for (stage, small, big, forest) in [
        ("first", &small_first, &big_first, Some(models.leaf.first)),
        ("second", &small_auto, &big_auto, models.leaf.second),
    ] {
        let Some(forest) = forest else { continue };
        let mut rows = Vec::new();
        for (k, name) in big.names.iter().enumerate() {
            let (a, b) = (small.row(si)[k], big.row(bi)[k]);
            if a == b || (a.is_nan() && b.is_nan()) {
                continue;
            }
            let mut values = big.row(bi).to_vec();
            values[k] = a;
            let one = features::Features { names: big.names.clone(), values };
            rows.push((probabilities(&one, forest, 1)[0], name.clone(), a, b));
        }
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        println!("## {stage} stage: {} features differ", rows.len());
        for (p, name, a, b) in rows.iter().take(25) {
            println!("  {p:.3}  {name:40} {a:>12.4} → {b:>12.4}");
        }
    }
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
    fn the_page_has_the_elements_asked_for() {
        let (html, _) = large_page(20_000).unwrap();
        let elements = html.matches('<').count() - html.matches("</").count() - 1; // without the doctype
        assert!((19_900..=20_000).contains(&elements), "{elements}");
    }
}
