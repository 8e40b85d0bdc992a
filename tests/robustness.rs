//! Hostile shapes: a page of 200,000 elements, 10,000 levels of nesting, a
//! hundred thousand siblings. Each must give an article or a clear error,
//! never a stack overflow or a hang. (How long they take is a benchmark
//! figure, printed here and by `./build.sh bench`; it is not asserted.)

#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use pith::extract::{extract, Options};
use pith::model::{NodeFacts, Page, PageFacts, TEXT_NODE_TAG};

const PARAGRAPH: &str = "Locks lift boats with gravity alone: water pours from the upper reach into the \
    chamber until both levels match, and only then does the upper gate open.";

fn el(parent: i64, tag: &str) -> NodeFacts {
    NodeFacts { parent, tag: tag.into(), ..Default::default() }
}

fn text(parent: i64, t: &str) -> NodeFacts {
    NodeFacts { parent, tag: TEXT_NODE_TAG.into(), text: t.into(), ..Default::default() }
}

fn facts(nodes: Vec<NodeFacts>) -> PageFacts {
    PageFacts { url: "https://example.test/big".into(), title: "Big page".into(), nodes, ..Default::default() }
}

fn run(name: &str, facts: PageFacts) -> pith::Extraction {
    let elements = facts.nodes.iter().filter(|n| n.tag != TEXT_NODE_TAG).count();
    let t0 = Instant::now();
    let page = Page::from_facts(facts).expect("well-formed facts");
    let out = extract(&page, &Options { scores: true, ..Options::default() }).expect("an extraction");
    eprintln!("{name}: {elements} elements in {:.2} s (this build's profile)", t0.elapsed().as_secs_f64());
    out
}

/// 200,000 elements: an article of 500 paragraphs amid 1,500 link lists.
#[test]
fn two_hundred_thousand_elements() {
    let mut nodes = vec![el(-1, "body")];
    let main = nodes.len() as i64;
    nodes.push(el(0, "main"));
    for _ in 0..500 {
        let p = nodes.len() as i64;
        nodes.push(el(main, "p"));
        nodes.push(text(p, PARAGRAPH));
    }
    while nodes.len() < 200_000 * 3 / 2 {
        let nav = nodes.len() as i64;
        nodes.push(el(0, "nav"));
        let ul = nodes.len() as i64;
        nodes.push(el(nav, "ul"));
        for i in 0..40 {
            let li = nodes.len() as i64;
            nodes.push(el(ul, "li"));
            let a = nodes.len() as i64;
            nodes.push(NodeFacts { href: Some(format!("/p/{i}")), ..el(li, "a") });
            nodes.push(text(a, "Section"));
        }
    }
    let out = run("200k elements", facts(nodes));
    assert!(out.stats.elements >= 200_000, "{} elements", out.stats.elements);
    assert!(out.text.contains("Locks lift boats"), "the article is found");
    assert!(out.scores.is_some_and(|s| s.rows.len() >= 200_000));
}

/// 10,000 levels of nesting, text at the bottom and along the way.
#[test]
fn ten_thousand_levels_of_nesting() {
    let mut nodes = vec![el(-1, "body")];
    for depth in 0..10_000i64 {
        let parent = nodes.len() as i64 - 1;
        let parent = if depth == 0 { 0 } else { parent };
        nodes.push(el(parent, "div"));
        if depth % 1000 == 999 {
            let at = nodes.len() as i64 - 1;
            nodes.push(text(at, PARAGRAPH));
            // Keep nesting under the div, not under the text.
            nodes.push(el(at, "div"));
        }
    }
    let last = nodes.len() as i64 - 1;
    let p = nodes.len() as i64;
    nodes.push(el(last, "p"));
    nodes.push(text(p, PARAGRAPH));
    let out = run("10k levels", facts(nodes));
    assert!(out.text.contains("Locks lift boats"), "the deepest paragraph is reachable");
}

/// Parsed HTML nested 10,000 deep goes through the HTML front-end too.
#[test]
fn ten_thousand_levels_of_parsed_html() {
    let html = format!(
        "<html><body>{}<p>{PARAGRAPH}</p>{}</body></html>",
        "<div>".repeat(10_000),
        "</div>".repeat(10_000)
    );
    let t0 = Instant::now();
    let page = pith::html::parse_document(&html, "u").expect("parsed");
    let out = extract(&page, &Options::default()).expect("an extraction");
    eprintln!("10k levels of HTML: {:.2} s", t0.elapsed().as_secs_f64());
    assert!(out.text.contains("Locks lift boats"));
}

/// 100,000 siblings of one parent.
#[test]
fn a_hundred_thousand_siblings() {
    let mut nodes = vec![el(-1, "body")];
    for i in 0..100_000 {
        let p = nodes.len() as i64;
        nodes.push(el(0, if i % 50 == 0 { "p" } else { "span" }));
        nodes.push(text(p, if i % 50 == 0 { PARAGRAPH } else { "x" }));
    }
    let out = run("100k siblings", facts(nodes));
    assert!(!out.blocks.is_empty());
}

/// A tab set whose hidden tab holds fifty thousand short rows, beside
/// the shown tab and the rest of the page laid out in two columns: the
/// panel and grid passes (`decision::panel_completion`,
/// `text_stats::grid_shifts`) read each panel and each parent's children
/// once, not once per leaf.
#[test]
fn a_hidden_tab_of_fifty_thousand_rows() {
    use pith::model::VisualFacts;
    // Short, as a specifications tab's rows are: the model alone drops them.
    const HIDDEN: &str = "Weight 2 kg";
    let boxed = |parent: i64, tag: &str, x: f32, y: f32, w: f32| NodeFacts {
        visual: Some(VisualFacts { x, y, w, h: 20.0, display: "block".into(), ..Default::default() }),
        ..el(parent, tag)
    };
    let mut nodes = vec![boxed(-1, "body", 0.0, 0.0, 1200.0)];
    let main = nodes.len() as i64;
    nodes.push(boxed(0, "main", 0.0, 0.0, 1200.0));
    let tabs = nodes.len() as i64;
    nodes.push(boxed(main, "div", 0.0, 0.0, 1200.0));
    let shown = nodes.len() as i64;
    nodes.push(NodeFacts { class: "pane".into(), ..boxed(tabs, "div", 0.0, 0.0, 1200.0) });
    for i in 0..50 {
        let p = nodes.len() as i64;
        nodes.push(boxed(shown, "p", 0.0, 20.0 * i as f32, 1200.0));
        nodes.push(text(p, PARAGRAPH));
    }
    let hidden = nodes.len() as i64;
    nodes.push(NodeFacts { class: "pane".into(), hidden: true, ..el(tabs, "div") });
    for _ in 0..50_000 {
        let p = nodes.len() as i64;
        nodes.push(el(hidden, "p"));
        nodes.push(text(p, HIDDEN));
    }
    let rest = nodes.len() as i64;
    nodes.push(boxed(main, "section", 0.0, 1000.0, 1200.0));
    // Enough text besides for the hidden tab to be a tab (under 60 % of
    // the page's text, `REVEAL_MIN_SHARE`), not the hidden article.
    for i in 0..2_400 {
        let p = nodes.len() as i64;
        nodes.push(boxed(rest, "p", 600.0 * (i % 2) as f32, 1000.0 + 20.0 * (i / 2) as f32, 580.0));
        nodes.push(text(p, PARAGRAPH));
    }
    let facts = facts(nodes);
    let page = Page::from_facts(facts.clone()).expect("well-formed facts");
    let out = run("a hidden tab of 50k rows", facts);
    assert!(out.text.contains("Locks lift boats"), "the article is found");
    // The rule itself, with everything shown kept: every hidden row joins,
    // the panel's subtree read once (read once per row, the rule's first
    // version took 38 s here, release build; now a few milliseconds).
    let (seg, table, _) = pith::extract::analyse(&page, &pith::extract::Models::default());
    let cx = pith::papers::Context::new(&page, &seg);
    let shown: Vec<usize> = (0..seg.leaves.len()).filter(|&i| !seg.leaves[i].hidden).collect();
    let t0 = Instant::now();
    let added = pith::decision::panel_completion(&cx, &table, &shown);
    eprintln!("panel completion over 50k hidden rows: {:.3} s", t0.elapsed().as_secs_f64());
    assert_eq!(added.len(), 50_000);
    assert!(added.iter().all(|&i| seg.leaves[i].text(&page) == HIDDEN));
}

/// Malformed facts are a clear error, not a panic.
#[test]
fn malformed_facts_are_clear_errors() {
    let err = Page::from_facts(facts(vec![el(-1, "body"), el(3, "p")])).unwrap_err();
    assert_eq!(err.to_string(), "pith: node 1 names parent 3, which is not an earlier node");
    let err = PageFacts::from_json("{\"nodes\": [{\"parent\": \"x\"}]}").unwrap_err();
    assert!(err.to_string().starts_with("pith: could not decode input"), "{err}");
    let err = Page::from_facts(PageFacts::default()).unwrap_err();
    assert_eq!(err.to_string(), "pith: the page has no nodes to score");
}
