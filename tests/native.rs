//! The core on parsed HTML (the native front-end), over shared fixtures: the
//! playground's sample pages (also used by the end-to-end tests) and seed
//! 000's worked example rebuilt as a page.

#![cfg(not(target_arch = "wasm32"))]

use pith::extract::{extract, Options};
use pith::html::parse_document;
use pith::papers::dom_weight::{self, Role};

fn sample(name: &str) -> String {
    let path = format!("{}/www/samples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn words(n: usize) -> String {
    (1..=n).map(|i| format!("w{i}")).collect::<Vec<_>>().join(" ")
}

/// Seed 000 §3.3 (5), Figure 3, as a page: sub tree 1 (70% wide, leaves of
/// NodeImp 100 and 120), sub tree 2 (70%, 10 and 50), sub tree 3 (30%, 1 and
/// 5). The paper prints 31 for sub tree 3; its formula gives 0.9 (see
/// `papers::dom_weight` tests), and that is what Pith computes.
#[test]
fn seed_000_worked_example_through_the_whole_pipeline() {
    let html = format!(
        "<html><body>\
         <div id=s1 style='width:70%'><p>{}</p><p>{}</p></div>\
         <div id=s2 style='width: 70%'><p>{}</p><p>{}</p></div>\
         <div id=s3 width='30%'><p>one <a href='/x'>link</a> two</p><p>{}</p></div>\
         </body></html>",
        words(100),
        words(120),
        words(10),
        words(50),
        words(5)
    );
    let page = parse_document(&html, "fixture").unwrap();
    let w = dom_weight::weigh(&page);
    let weights: Vec<(String, f64)> = w
        .subtrees
        .iter()
        .map(|s| (page.element(s.id).unwrap().id().to_string(), s.weight))
        .collect();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-4;
    assert_eq!(weights.len(), 3, "{weights:?}");
    assert!(close(weights[0].1, 77.0), "{weights:?}");
    assert!(close(weights[1].1, 21.0), "{weights:?}");
    assert!(close(weights[2].1, 0.9), "{weights:?}");
    let imps: Vec<f64> = w.leaves.iter().map(|l| l.node_imp()).collect();
    assert_eq!(imps, [100.0, 120.0, 10.0, 50.0, 1.0, 5.0]);
    // Formula (3): sub tree 1 is the body; its leaves are seed 000's text.
    assert_eq!(w.subtrees[w.best.unwrap()].id, page.children(0)[0]);
    // The same through the pipeline: seed 000's column in the score table
    // marks sub tree 1 and its two leaves, and only them.
    let out = extract(&page, &Options::default()).unwrap();
    let scores = out.scores.unwrap();
    let body = scores.columns.iter().position(|c| c.key == "domWeight.body").unwrap();
    let marked: Vec<String> = scores
        .rows
        .iter()
        .filter(|r| r.values[body] == Some(1.0))
        .map(|r| page.text_content(r.node).chars().take(6).collect())
        .collect();
    assert_eq!(marked, ["w1 w2 ", "w1 w2 ", "w1 w2 "], "the subtree and its two leaves");
    assert_eq!(scores.rows.iter().filter(|r| r.values[body] == Some(1.0)).map(|r| r.node).collect::<Vec<_>>()[0], page.children(0)[0]);
}

#[test]
fn the_sample_article_without_its_page_chrome() {
    let page = parse_document(&sample("article.html"), "http://127.0.0.1/samples/article.html").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert_eq!(out.title, "The Quiet Engineering of Canal Locks");
    assert_eq!(out.byline.as_deref(), Some("Maren Holt"));
    assert_eq!(out.site_name.as_deref(), Some("Waterways Weekly"));
    assert_eq!(out.lang.as_deref(), Some("en"));
    assert!(out.readerable);
    assert!(out.text.starts_with("A canal lock is a staircase for boats."), "{}", out.text);
    assert!(out.text.contains("Water is the real cost of every passage."));
    for chrome in ["Subscribe today", "Most read", "newsletter", "rowan_k", "All rights reserved", "By Maren Holt"] {
        assert!(!out.text.contains(chrome), "leaked {chrome:?}: {}", out.text);
    }
    let kinds: Vec<String> = out
        .blocks
        .iter()
        .map(|b| match b {
            pith::article::Block::Heading { level, .. } => format!("h{level}"),
            pith::article::Block::Paragraph { .. } => "p".to_string(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(kinds, ["p", "p", "h2", "p", "p", "p"]);
    // Every element has a score row; the chosen subtree's leaves are marked
    // (the headline and byline too: they have fields of their own).
    let scores = out.scores.as_ref().expect("scores were asked for");
    assert_eq!(scores.rows.iter().filter(|s| s.tag != "#text").count(), page.element_count());
    assert!(scores.rows.iter().all(|r| r.values.len() == scores.columns.len()));
}

#[test]
fn pages_without_an_article_are_not_readerable() {
    for name in ["listing.html", "no-article.html"] {
        let page = parse_document(&sample(name), name).unwrap();
        let out = extract(&page, &Options::default()).unwrap();
        assert!(!out.readerable, "{name}: {}", out.text);
    }
}

#[test]
fn scores_can_be_left_out() {
    let page = parse_document(&sample("article.html"), "u").unwrap();
    let out = extract(&page, &Options { scores: false, ..Options::default() }).unwrap();
    assert!(out.scores.is_none());
    assert!(!out.blocks.is_empty());
}

#[test]
fn anonymous_leaves_keep_text_beside_blocks() {
    let page = parse_document(
        "<html><body><div>Loose text before a block, long enough to count.<p>A paragraph.</p>\
         Loose text after it.<br>And a second line.</div></body></html>",
        "u",
    )
    .unwrap();
    let w = dom_weight::weigh(&page);
    let roles: Vec<Role> = w.leaves.iter().map(|l| w.roles[l.id]).collect();
    assert_eq!(roles, [Role::AnonymousLeaf, Role::Leaf, Role::AnonymousLeaf]);
    let out = extract(&page, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        "Loose text before a block, long enough to count.\nA paragraph.\nLoose text after it.\nAnd a second line."
    );
}

/// A figure with two captions (HTML allows one; pages write more) keeps
/// both: the figure block once took the first only, and the second's text
/// was lost.
#[test]
fn every_caption_of_a_figure_is_kept() {
    let prose = "Locks lift boats with gravity alone: water pours from the upper reach into the chamber \
                 until both levels match, and only then does the upper gate open.";
    let html = format!(
        "<html><head><title>Canals</title></head><body><article><h1>Canals</h1><p>{prose}</p>\
         <figure><img src=\"a.jpg\" width=\"600\" height=\"400\">\
         <figcaption>First caption: the upper gate of the lock at dawn, with the chamber full.</figcaption>\
         <figcaption>Second caption: the lower gate, the same morning, after the chamber emptied.</figcaption>\
         </figure><p>{prose}</p></article></body></html>"
    );
    let page = parse_document(&html, "https://example.test/canals").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert!(out.text.contains("First caption"), "{}", out.text);
    assert!(out.text.contains("Second caption"), "{}", out.text);
}

/// Issue 6, acceptance 4: the score table carries every signal for every
/// scored node. Every leaf the decision judged (a row with a reason) has a
/// value from each per-node signal, and each page-level signal has values
/// on the page. The visual cues need rendered facts: the first page is a
/// browser walk (`tests/fixtures/facts-walked-article.json`, written by the
/// web-sys walker); parsed HTML has no layout, so there only the other
/// signals are required.
#[test]
fn every_scored_node_carries_every_signal() {
    const STRUCTURAL: &[&str] =
        &["domWeight", "textStats", "punctuation", "density", "keywords", "vsse", "records", "markup", "shape", "cards", "visibility", "vocabulary", "decision"];
    const VISUAL: &[&str] = &["layers", "typography", "layout"];
    const PAGE: &[&str] = &["schema", "census", "readerable", "words", "pageType"];
    let fixture = std::fs::read_to_string(format!("{}/tests/fixtures/facts-walked-article.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let walked = pith::Page::from_facts(pith::PageFacts::from_json(&fixture).unwrap()).unwrap();
    let pages = [
        ("walked article (browser facts)", walked, true),
        ("article.html", parse_document(&sample("article.html"), "u").unwrap(), false),
        ("listing.html", parse_document(&sample("listing.html"), "u").unwrap(), false),
    ];
    for (name, page, visual) in pages {
        let out = extract(&page, &Options::default()).unwrap();
        let scores = out.scores.expect("scores");
        let mut want: Vec<&str> = STRUCTURAL.to_vec();
        if visual {
            want.extend(VISUAL);
        }
        for s in &want {
            assert!(scores.columns.iter().any(|c| c.signal == *s), "{name}: no per-node columns of {s}");
        }
        for s in PAGE {
            assert!(
                scores.page.iter().any(|v| v.column.signal == *s && v.value.is_some()),
                "{name}: no page-level value of {s}"
            );
        }
        let judged: Vec<_> = scores.rows.iter().filter(|r| !r.reason.is_empty()).collect();
        assert!(judged.len() >= 3, "{name}: {} judged rows", judged.len());
        let mut missing: Vec<String> = Vec::new();
        for row in &judged {
            for s in &want {
                let has = scores.columns.iter().zip(&row.values).any(|(c, v)| c.signal == *s && v.is_some());
                if !has {
                    missing.push(format!("node {} <{}>: {s}", row.node, row.tag));
                }
            }
        }
        assert!(missing.is_empty(), "{name}: {} judged rows lack a signal: {:?}", missing.len(), &missing[..missing.len().min(12)]);
    }
}

/// The JS walker (`extension/content/walker.js`) and the bench's floor keep
/// their tag sets in step with the model's: both walkers must read the same
/// facts, and a set that drifted would show only on pages that hold the
/// missing tag.
#[test]
fn the_js_walker_keeps_the_models_tag_sets() {
    let read = |file: &str| {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let walker = read("extension/content/walker.js");
    // The bench's floor (the walk's reads in a bare loop,
    // tests/eval/floor.mjs) reads the same boxes.
    let floor = read("tests/eval/floor.mjs");
    let set_in = |js: &str, name: &str| -> Vec<String> {
        let start = js.find(&format!("const {name} = new Set([")).unwrap_or_else(|| panic!("{name} not found"));
        let body = &js[start..];
        let body = &body[body.find('[').unwrap() + 1..body.find("])").unwrap()];
        let mut tags: Vec<String> = body
            .split(',')
            .map(|t| t.trim().trim_matches('\'').to_string())
            .filter(|t| !t.is_empty())
            .collect();
        tags.sort();
        tags
    };
    let set = |name: &str| set_in(&walker, name);
    let sorted = |tags: &[&str]| {
        let mut v: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
        v.sort();
        v
    };
    use pith::model::{BOXED_INLINE_TAGS, FRAME_TAGS, OPAQUE_TAGS, SKIPPED_TAGS};
    assert_eq!(set("SKIPPED_TAGS"), sorted(SKIPPED_TAGS));
    assert_eq!(set("OPAQUE_TAGS"), sorted(OPAQUE_TAGS));
    assert_eq!(set("FRAME_TAGS"), sorted(FRAME_TAGS));
    assert_eq!(set("BOXED_INLINE_TAGS"), sorted(BOXED_INLINE_TAGS));
    assert_eq!(set_in(&floor, "BOXED_INLINE_TAGS"), sorted(BOXED_INLINE_TAGS));
}

/// Text for screen readers only (`sr-only`, `visually-hidden`,
/// `screen-reader-text`) is not shown by the page, so the reader leaves
/// it out of the blocks it keeps: a product card's "Regular price Sale
/// price" labels, a skip link, "(opens in a new tab)".
#[test]
fn screen_reader_text_is_left_out_of_the_article() {
    let prose = "Locks lift boats with gravity alone: water pours from the upper reach into the chamber \
                 until both levels match, and only then does the upper gate open.";
    let html = format!(
        "<html><head><title>Canals</title></head><body>\
         <a class=\"sr-only sr-only-focusable\" href=\"#main\">Skip to content</a>\
         <article id=\"main\"><h1>Canals</h1><p>{prose}</p>\
         <p>{prose} <a href=\"/locks\">Read about locks<span class=\"screen-reader-text\"> (opens in a new tab)</span></a>.</p>\
         <p><span class=\"visually-hidden\">Regular price</span> The guide costs $19.99 in print, with every lock drawn.</p>\
         <p>{prose}</p></article></body></html>"
    );
    let page = parse_document(&html, "https://example.test/canals").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert!(out.text.contains("Read about locks") && out.text.contains("The guide costs $19.99"), "{}", out.text);
    for hidden in ["Skip to content", "opens in a new tab", "Regular price"] {
        assert!(!out.text.contains(hidden), "{hidden:?} in {}", out.text);
    }
}

/// A page saved or read before its scripts filled it (a shell: a header,
/// an empty root, a footer block that is no `<footer>` element) has no
/// article: the reader says so instead of showing the footer's line the
/// model doubts (`decision::doubted_scrap`; a `<footer>` element would
/// be left out by `page_landmark` before). A short page whose text the
/// model believes keeps it.
#[test]
fn a_shell_page_has_no_article_and_a_short_note_keeps_its_text() {
    let shell = "<html><head><title>Product shell</title></head><body><header><h1>Shopname</h1>\
                 <nav><ul><li><a href=\"/\">Home</a></li><li><a href=\"/c\">Categories</a></li></ul></nav></header>\
                 <div id=\"root\"></div><div class=\"site-footer\"><dl><dt>Group</dt><dd>Group Website, ShopName, Payments, Travel, \
                 Cloud, International, Telecom, Messaging, Marketplace, Global, Mobile OS, Wholesale</dd></dl>\
                 <p>© 2025 Shopname. All rights reserved.</p></div></body></html>";
    let page = parse_document(shell, "https://example.test/item/1").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert_eq!(out.text, "", "{:?}", out.text);
    assert_eq!(out.word_count, 0);
    assert!(!out.readerable);
    let reason = out.scores.as_ref().and_then(|t| t.rows.iter().find(|r| r.reason.contains("no article")).map(|r| r.reason.clone()));
    assert!(reason.is_some(), "the score table says why");

    let note = "<html><head><title>Closed on Monday</title></head><body><main><h1>Closed on Monday</h1>\
                <p>The library is closed on Monday for repairs to the roof; loans are extended by a week.</p>\
                </main></body></html>";
    let page = parse_document(note, "https://example.test/news/closed").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert!(out.text.contains("closed on Monday for repairs"), "{:?}", out.text);
}

/// A page whose whole content sits in a block its scripts have not shown
/// yet (`style="display: none"`, lifted by a script; read with scripts
/// blocked, or before they ran) gets that content, not an empty reader,
/// and so does one that shows a lead far shorter than the hidden body;
/// where the page shows content of its own, a shorter hidden block stays
/// out.
#[test]
fn content_hidden_until_a_script_shows_it_is_read_where_the_page_shows_little() {
    let prose = "Locks lift boats with gravity alone: water pours from the upper reach into the chamber \
                 until both levels match, and only then does the upper gate open.";
    let article = format!("<article><h1>Canals</h1><p>{prose}</p><p>{prose}</p><p>{prose}</p></article>");
    // The menu shown around it holds more of the page's text than the
    // hidden block (so the page model does not show the block itself).
    let menu: String = (0..60).map(|i| format!("<li><a href=\"/c/{i}\">Category number {i} of the shop</a></li>")).collect();
    let hidden = format!(
        "<html><head><title>Canals</title></head><body><nav><ul>{menu}</ul></nav>\
         <div class=\"defer-block\" style=\"display: none\">{article}</div>\
         <footer><ul>{menu}</ul></footer></body></html>"
    );
    let page = parse_document(&hidden, "https://example.test/canals").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert!(out.text.contains("Locks lift boats"), "{:?}", out.text);
    assert!(out.word_count >= 60, "{}", out.word_count);

    let shown = format!(
        "<html><head><title>Canals</title></head><body>{article}\
         <div class=\"defer-block\" style=\"display: none\"><p>{}</p></div></body></html>",
        "A hidden aside about ferries and their timetables, written at length for nobody to see. ".repeat(3)
    );
    let page = parse_document(&shown, "https://example.test/canals").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert!(out.text.contains("Locks lift boats"), "{:?}", out.text);
    assert!(!out.text.contains("ferries"), "{:?}", out.text);

    // The page shows a short lead and hides the article's body, far longer
    // (`HIDDEN_FALLBACK_RATIO` times the shown words and more): both are
    // read, the lead first.
    let lead = "Canals carried the heavy goods of a whole century, and their locks are still worked by hand \
                where boats pass today.";
    let body = format!("<p>{prose}</p>").repeat(8);
    let teaser = format!(
        "<html><head><title>Canals</title></head><body><nav><ul>{menu}</ul></nav>\
         <article><h1>Canals</h1><p>{lead}</p>\
         <div class=\"defer-block\" style=\"display: none\">{body}</div></article>\
         <footer><ul>{menu}</ul></footer></body></html>"
    );
    let page = parse_document(&teaser, "https://example.test/canals").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    let (at_lead, at_body) = (out.text.find("carried the heavy goods"), out.text.find("Locks lift boats"));
    assert!(at_lead.is_some() && at_body.is_some() && at_lead < at_body, "{:?}", out.text);
}

/// A page read without its style sheet (a saved page, parsed HTML) shows
/// both of a responsive page's copies: the phone layout's and the
/// desktop's. The frameworks' display classes say which one a desktop
/// shows (`model::hidden_by_framework_class`): the article reads each
/// line once, and a closed modal's text stays out.
#[test]
fn a_responsive_pages_phone_copy_is_not_read_beside_its_desktop_one() {
    let prose = "Locks lift boats with gravity alone: water pours from the upper reach into the chamber \
                 until both levels match, and only then does the upper gate open.";
    let html = format!(
        "<html><head><title>Canals</title></head><body><article><h1>Canals</h1>\
         <p class=\"md:hidden\">Phone summary: canals are slow but cheap, read on for the locks.</p>\
         <p>{prose}</p><p>{prose}</p>\
         <div class=\"d-none d-lg-block\"><p>Desktop aside: the longest flight of locks climbs a whole hillside in one staircase.</p></div>\
         <p>{prose}</p></article>\
         <div class=\"modal fade\"><p>Subscribe to our newsletter and never miss a story about the waterways again.</p></div>\
         </body></html>"
    );
    let page = parse_document(&html, "https://example.test/canals").unwrap();
    let out = extract(&page, &Options::default()).unwrap();
    assert!(out.text.contains("Locks lift boats"), "{:?}", out.text);
    assert!(out.text.contains("Desktop aside"), "{:?}", out.text);
    assert!(!out.text.contains("Phone summary"), "{:?}", out.text);
    assert!(!out.text.contains("newsletter"), "{:?}", out.text);
}
