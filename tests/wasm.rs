//! The wasm boundary in a real browser (headless Chromium through
//! wasm-bindgen-test-runner and chromedriver; `./build.sh test` runs them).
//! Fixtures are built with DOM calls, never parsed from markup strings.

#![cfg(target_arch = "wasm32")]

use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Document, Element};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Appends `<tag style=…>text</tag>` to `parent`.
fn add(doc: &Document, parent: &Element, tag: &str, style: &str, text: &str) -> Element {
    let e = doc.create_element(tag).unwrap();
    if !style.is_empty() {
        e.set_attribute("style", style).unwrap();
    }
    if !text.is_empty() {
        e.set_text_content(Some(text));
    }
    parent.append_child(&e).unwrap();
    e
}

fn to_json(v: JsValue) -> Value {
    serde_wasm_bindgen::from_value(v).unwrap()
}

/// The article's paragraphs: distinct, as an article's are (the test page
/// sits at the runner's root address, which the page type reads as a site's
/// front page, where a block repeated word for word is a repeat to drop).
const PARAGRAPHS: [&str; 3] = [
    "Locks lift boats with gravity alone: water pours from the upper reach into \
     the chamber until both levels match, and only then does the upper gate open.",
    "Locks lift boats a second way too: the lower gate opens once the chamber has \
     drained to the level of the reach below, and the boat moves on.",
    "Locks lift boats in flights where a hill is steep: each chamber's upper gate \
     is the next one's lower gate, and a keeper works them in turn.",
];

/// Builds a page: a wide article, a narrow link rail, and a hidden block.
fn build_page(doc: &Document) -> Element {
    let root = add(doc, &doc.body().unwrap(), "div", "display: flex", "");
    root.set_id("fixture");
    let article = add(doc, &root, "div", "width: 800px", "");
    article.set_id("story");
    for paragraph in PARAGRAPHS {
        add(doc, &article, "p", "", paragraph);
    }
    let hidden = add(doc, &article, "div", "display: none", "");
    hidden.set_id("hidden");
    let secret = add(doc, &hidden, "p", "", "Secret text that is never rendered on the page.");
    secret.set_id("secret");
    let invisible = add(doc, &article, "p", "visibility: hidden", "Invisible text nobody can read.");
    invisible.set_id("invisible");
    // Pages that fade text in on scroll start it at opacity 0: it is content.
    let faded = add(doc, &article, "p", "opacity: 0", "Text that fades in as it scrolls into view, like the rest.");
    faded.set_id("faded");
    let rail = add(doc, &root, "ul", "width: 200px", "");
    for name in ["Home", "Rivers", "Canals", "Boats"] {
        let li = add(doc, &rail, "li", "", "");
        let a = add(doc, &li, "a", "", name);
        a.set_attribute("href", "/x").unwrap();
    }
    root
}

/// The index of the score table's column `key` (format version 4:
/// `scores.columns[i].key`).
fn column(out: &Value, key: &str) -> usize {
    out["scores"]["columns"]
        .as_array()
        .expect("scores.columns")
        .iter()
        .position(|c| c["key"] == key)
        .unwrap_or_else(|| panic!("no column {key}"))
}

/// The score row of the live element with `id`.
fn row_of<'a>(out: &'a Value, page: &pith::web::LivePage, id: &str) -> &'a Value {
    out["scores"]["rows"]
        .as_array()
        .expect("scores.rows")
        .iter()
        .find(|r| {
            let node = r["node"].as_u64().unwrap() as usize;
            page.node(node).and_then(|n| n.dyn_into::<Element>().ok()).is_some_and(|e| e.id() == id)
        })
        .unwrap_or_else(|| panic!("#{id} has a score row"))
}

/// Walks the fixture page and extracts (options omitted: the score table
/// included); the fixture is removed again before returning.
fn walk_and_extract(doc: &Document) -> (pith::web::LivePage, Value) {
    let root = build_page(doc);
    let page = pith::web::walk_document(doc).unwrap();
    let out = to_json(page.extract(JsValue::UNDEFINED).unwrap());
    root.remove();
    (page, out)
}

/// The background's warm-up (src/warmup.rs) runs the whole core in the
/// browser and changes nothing a page's extraction gives: the live page is
/// read the same before and after it. (Named to run after the live-walk
/// tests, which the runner runs in reverse name order: with this test
/// first, the next test's fixture kept its link rail, though here the
/// same fixture reads the same before and after the warm-up; the runner's
/// own page, on which the fixtures are built, changes between tests.)
#[wasm_bindgen_test]
fn a_warm_up_page_runs_through_the_core() {
    let doc = document();
    let (_, before) = walk_and_extract(&doc);
    pith::web::warm_up().expect("the warm-up page extracts");
    let (_, after) = walk_and_extract(&doc);
    for key in ["text", "blocks", "root", "pageType", "scores"] {
        assert_eq!(before[key], after[key], "{key} differs after the warm-up");
    }
    let out = pith::web::extract_facts(JsValue::from_str(&pith::warmup::facts_json()), JsValue::UNDEFINED).unwrap();
    let out: Value = serde_wasm_bindgen::from_value(out).unwrap();
    assert!(out["text"].as_str().unwrap().starts_with("Reading on the web should be quiet."), "{}", out["text"]);
    assert_eq!(out["pageType"]["kind"], "article");
    assert_eq!(out["byline"], "Ada Writer");
}

#[wasm_bindgen_test]
fn the_live_walk_reads_layout_and_scores_every_node() {
    let doc = document();
    let (page, out) = walk_and_extract(&doc);
    assert_eq!(out["version"], 4);
    assert_eq!(out["stats"]["visual"], Value::Bool(true));

    // The score table (asked for by default): one value per column in every row.
    let columns = out["scores"]["columns"].as_array().unwrap();
    let rows = out["scores"]["rows"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["values"].as_array().unwrap().len() == columns.len()));
    // The article's width (seed 000's WidthAttr) is its rendered width: 800px of the page.
    let viewport = doc.document_element().unwrap().client_width() as f64;
    let story = row_of(&out, &page, "story");
    assert_eq!(story["tag"], "div");
    let width = story["values"][column(&out, "domWeight.widthAttr")].as_f64().expect("a widthAttr value");
    assert!((width - 800.0 / viewport).abs() < 1e-3, "widthAttr {width}, viewport {viewport}");
    // Hidden subtrees are walked and scored, marked hidden; opacity 0 is not hidden.
    let hidden = column(&out, "visibility.hidden");
    for id in ["hidden", "secret", "invisible"] {
        assert_eq!(row_of(&out, &page, id)["values"][hidden].as_f64(), Some(1.0), "#{id} is hidden");
    }
    for id in ["story", "faded"] {
        assert_eq!(row_of(&out, &page, id)["values"][hidden].as_f64(), Some(0.0), "#{id} is not hidden");
    }
    // The decision scores the leaves (the rows with a `decision.score`).
    let score = column(&out, "decision.score");
    let scored = rows.iter().filter(|r| r["values"][score].is_number()).count();
    assert_eq!(scored as u64, out["stats"]["leaves"].as_u64().unwrap(), "every leaf has a decision score");
    assert!(row_of(&out, &page, "faded")["values"][score].is_number(), "the faded paragraph is a scored leaf");
    // Page type and readerable come with their reasons.
    assert!(out["pageType"]["kind"].is_string());
    assert_eq!(out["pageType"]["probabilities"].as_array().unwrap().len(), 7);
    assert!(!out["readerableReason"].as_str().unwrap().is_empty());
}

#[wasm_bindgen_test]
fn the_live_walk_extracts_the_article_and_nothing_hidden() {
    let doc = document();
    let (page, out) = walk_and_extract(&doc);
    let text = out["text"].as_str().unwrap();
    assert_eq!(text.matches("Locks lift boats").count(), 3, "{text}");
    for paragraph in PARAGRAPHS {
        assert!(text.contains(paragraph), "paragraph lost: {paragraph}\n{text}");
    }
    assert!(!text.contains("Secret"), "hidden text leaked: {text}");
    assert!(!text.contains("Invisible"), "visibility: hidden text leaked: {text}");
    assert!(text.contains("fades in as it scrolls"), "opacity 0 text lost: {text}");
    assert!(!text.contains("Canals"), "the link rail leaked: {text}");
    let story = row_of(&out, &page, "story");
    assert_eq!(out["root"], story["node"], "the root (the blocks' lowest common ancestor) is the article");
    // Every content block maps back to a live node inside the article.
    for block in out["blocks"].as_array().unwrap() {
        for id in block["nodes"].as_array().unwrap() {
            let node = page.node(id.as_u64().unwrap() as usize).expect("a walked node");
            assert_eq!(node.parent_element().unwrap().id(), "story");
        }
    }
}

/// A CSS framework's display classes yield to the page's own style sheet
/// where it is there (`FRAMEWORK_SHEET_MIN_AGREEING`, src/model/facts.rs):
/// a lead paragraph whose class says "hidden" but which the site's sheet
/// shows is read. Without the sheet the same class hides it, as on the
/// data sets' saved pages, whose sheets are missing.
#[wasm_bindgen_test]
fn framework_display_classes_yield_to_the_pages_own_sheet() {
    const LEAD: &str = "A keeper opens the sluices slowly, so that the boat in the chamber \
                        rises without a jolt and its ropes stay slack on the bollards.";
    let doc = document();
    let root = build_page(&doc);
    let story = doc.get_element_by_id("story").unwrap();
    let lead = add(&doc, &story, "p", "", LEAD);
    lead.set_attribute("class", "lead hidden").unwrap();
    story.insert_before(&lead, story.first_child().as_ref()).unwrap();
    // Buttons for phones, hidden from 640 px up by the sheet's media query.
    for label in ["Menu", "Search"] {
        add(&doc, &root, "button", "", label).set_attribute("class", "sm:hidden").unwrap();
    }
    let text = || {
        let out = to_json(pith::web::walk_document(&doc).unwrap().extract(JsValue::UNDEFINED).unwrap());
        out["text"].as_str().unwrap().to_string()
    };
    let bare = text();
    let css = ".hidden { display: none } .lead.hidden { display: block } \
               @media (min-width: 640px) { .sm\\:hidden { display: none } }";
    let sheet = add(&doc, &doc.body().unwrap(), "style", "", css);
    let width = web_sys::window().unwrap().inner_width().unwrap().as_f64().unwrap();
    let styled = text();
    sheet.remove();
    root.remove();
    assert!(width >= 640.0, "the runner's window is {width} px wide");
    assert!(!bare.contains(LEAD), "without the sheet its class hides the lead: {bare}");
    assert!(styled.contains(LEAD), "the site's sheet shows the lead: {styled}");
    assert!(styled.contains(PARAGRAPHS[0]) && bare.contains(PARAGRAPHS[0]), "{bare}\n{styled}");
}

/// A gallery in the story whose slides the page's sheet hides but the one
/// shown (`cues::visibility::TabSets`): every slide is a panel of the
/// content, the twelfth as the second, though it stands farther than
/// `TAB_SEARCH_SIBLINGS` from the one shown.
#[wasm_bindgen_test]
fn every_slide_of_a_gallery_the_sheet_hides_is_read_with_the_story() {
    let doc = document();
    let root = build_page(&doc);
    let story = doc.get_element_by_id("story").unwrap();
    let gallery = add(&doc, &story, "div", "", "");
    let caption = |i: usize| format!("Slide {i} of twelve: the lock keeper's cottage, its garden and the towpath in the rain.");
    for i in 1..=12 {
        let slide = add(&doc, &gallery, "div", "", "");
        slide.set_attribute("class", if i == 1 { "slide active" } else { "slide" }).unwrap();
        add(&doc, &slide, "p", "", &caption(i));
    }
    let sheet = add(&doc, &doc.body().unwrap(), "style", "", ".slide { display: none } .slide.active { display: block }");
    let out = to_json(pith::web::walk_document(&doc).unwrap().extract(JsValue::UNDEFINED).unwrap());
    sheet.remove();
    root.remove();
    let text = out["text"].as_str().unwrap();
    for i in 1..=12 {
        assert!(text.contains(&caption(i)), "slide {i} left out: {text}");
    }
    assert!(text.contains(PARAGRAPHS[0]), "{text}");
}

#[wasm_bindgen_test]
fn facts_from_the_wasm_walker_mark_hidden_elements_and_read_fonts() {
    let doc = document();
    let root = build_page(&doc);
    let facts = to_json(pith::web::read_facts(&doc).unwrap());
    root.remove();
    let nodes = facts["nodes"].as_array().unwrap();
    let invisible = nodes.iter().find(|n| n["id"] == "invisible").expect("the invisible paragraph");
    assert_eq!(invisible["hidden"], Value::Bool(true));
    assert!(invisible["visual"].is_null());
    // A display: none subtree is walked: its descendants are hidden, with no visual facts.
    let secret = nodes.iter().position(|n| n["id"] == "secret").expect("the paragraph under display: none");
    assert_eq!(nodes[secret]["hidden"], Value::Bool(true));
    assert!(nodes[secret]["visual"].is_null());
    let parent = nodes[secret]["parent"].as_u64().unwrap() as usize;
    assert_eq!(nodes[parent]["id"], "hidden");
    assert!(
        nodes.iter().any(|n| n["parent"] == secret && n["text"] == "Secret text that is never rendered on the page."),
        "its text is in the facts"
    );
    let p = nodes
        .iter()
        .find(|n| n["tag"] == "p" && n["visual"]["fontSize"].is_string())
        .expect("a paragraph with font facts");
    assert!(p["visual"]["fontSize"].as_str().unwrap().ends_with("px"));
    assert!(p["visual"]["w"].as_f64().unwrap() > 0.0);
}

/// The extension's walk builds the page model as it reads each node
/// (`walk::Sink` for `model::Builder`, font facts given after the element),
/// never holding the whole page's facts: the model is the one the facts
/// of the same walk give (`Page::from_facts`), field for field. (Named to
/// run last: see the warm-up test's note on the runner's order.)
#[wasm_bindgen_test]
fn a_builder_fed_by_the_walk_gives_the_model_of_its_facts() {
    let doc = document();
    let root = build_page(&doc);
    let facts = pith::web::walk::walk_document(&doc).unwrap().facts;
    let mut builder = pith::model::Builder::new(0.0, 0.0, 0);
    let walk = pith::web::walk::walk_into(&doc, &mut builder).unwrap();
    root.remove();
    assert!(walk.facts.nodes.is_empty(), "the builder took the nodes");
    assert!(facts.nodes.iter().any(|n| n.visual.as_ref().is_some_and(|v| !v.font_size.is_empty())), "font facts were read");
    let built = builder.finish(walk.facts).unwrap();
    let from_facts = pith::model::Page::from_facts(facts).unwrap();
    assert_eq!(format!("{built:?}"), format!("{from_facts:?}"));
}

#[wasm_bindgen_test]
fn a_core_error_crosses_as_a_js_error() {
    let bad = to_js(&serde_json::json!({ "nodes": [{ "parent": -1, "tag": "body" }, { "parent": 5, "tag": "p" }] }));
    let err = pith::web::extract_facts(bad, JsValue::UNDEFINED).unwrap_err();
    let err: js_sys::Error = JsValue::from(err).dyn_into().expect("a JS Error object");
    assert_eq!(
        String::from(err.message()),
        "pith: node 1 names parent 5, which is not an earlier node"
    );

    let garbage = JsValue::from_f64(42.0);
    let err = pith::web::extract_facts(garbage, JsValue::UNDEFINED).unwrap_err();
    let err: js_sys::Error = JsValue::from(err).dyn_into().unwrap();
    assert!(String::from(err.message()).starts_with("pith: could not decode input"));
}

fn to_js(v: &Value) -> JsValue {
    use serde::Serialize;
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}
