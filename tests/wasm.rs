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

const PARAGRAPH: &str = "Locks lift boats with gravity alone: water pours from the upper reach into \
    the chamber until both levels match, and only then does the upper gate open.";

/// Builds a page: a wide article, a narrow link rail, and a hidden block.
fn build_page(doc: &Document) -> Element {
    let root = add(doc, &doc.body().unwrap(), "div", "display: flex", "");
    root.set_id("fixture");
    let article = add(doc, &root, "div", "width: 800px", "");
    article.set_id("story");
    for _ in 0..3 {
        add(doc, &article, "p", "", PARAGRAPH);
    }
    let hidden = add(doc, &article, "div", "display: none", "");
    add(doc, &hidden, "p", "", "Secret text that is never rendered on the page.");
    let invisible = add(doc, &article, "p", "visibility: hidden", "Invisible text nobody can read.");
    invisible.set_id("invisible");
    // Pages that fade text in on scroll start it at opacity 0: it is content.
    add(doc, &article, "p", "opacity: 0", "Text that fades in as it scrolls into view, like the rest.");
    let rail = add(doc, &root, "ul", "width: 200px", "");
    for name in ["Home", "Rivers", "Canals", "Boats"] {
        let li = add(doc, &rail, "li", "", "");
        let a = add(doc, &li, "a", "", name);
        a.set_attribute("href", "/x").unwrap();
    }
    root
}

#[wasm_bindgen_test]
fn the_live_walk_reads_layout_and_skips_what_is_not_rendered() {
    let doc = document();
    let root = build_page(&doc);
    let page = pith::web::walk_document(&doc).unwrap();
    let out = to_json(page.extract(JsValue::UNDEFINED).unwrap());
    root.remove();

    let text = out["text"].as_str().unwrap();
    assert_eq!(text.matches("Locks lift boats").count(), 3, "{text}");
    assert!(!text.contains("Secret"), "hidden text leaked: {text}");
    assert!(!text.contains("Invisible"), "visibility: hidden text leaked: {text}");
    assert!(text.contains("fades in as it scrolls"), "opacity 0 text lost: {text}");
    assert!(!text.contains("Canals"), "the link rail leaked: {text}");
    assert_eq!(out["stats"]["visual"], Value::Bool(true));

    // The article's subtree weight uses its rendered width: 800px of the page.
    let viewport = doc.document_element().unwrap().client_width() as f64;
    let story = out["scores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| {
            let id = s["node"].as_u64().unwrap() as usize;
            page.node(id).and_then(|n| n.dyn_into::<Element>().ok()).is_some_and(|e| e.id() == "story")
        })
        .expect("the article div has a score row");
    assert_eq!(story["role"], "subtree");
    assert_eq!(out["root"], story["node"], "the article is the chosen subtree");
    let width = story["widthAttr"].as_f64().unwrap();
    assert!((width - 800.0 / viewport).abs() < 1e-3, "widthAttr {width}, viewport {viewport}");
    // Every selected block maps back to a live node inside the article.
    for block in out["blocks"].as_array().unwrap() {
        for id in block["nodes"].as_array().unwrap() {
            let node = page.node(id.as_u64().unwrap() as usize).expect("a walked node");
            assert_eq!(node.parent_element().unwrap().id(), "story");
        }
    }
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
    let p = nodes
        .iter()
        .find(|n| n["tag"] == "p" && n["visual"]["fontSize"].is_string())
        .expect("a paragraph with font facts");
    assert!(p["visual"]["fontSize"].as_str().unwrap().ends_with("px"));
    assert!(p["visual"]["w"].as_f64().unwrap() > 0.0);
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
