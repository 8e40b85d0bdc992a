//! The wasm boundary, kept thin: walk the live DOM ([`walk`]), or take facts
//! a JS walker read, then hand them to the core. Values cross as plain JS
//! objects (serde-wasm-bindgen, JSON-compatible); every [`Error`] crosses
//! as a thrown JS `Error` with the same message, never as a panic. The panic
//! hook is installed at start so that a bug still reports on the console.

pub mod walk;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::extract::{extract, Options};
use crate::model::{Page, PageFacts};

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        JsError::new(&e.to_string()).into()
    }
}

fn js_error(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("pith: could not encode output: {e}")))
}

fn options(v: JsValue) -> Result<Options, JsError> {
    if v.is_undefined() || v.is_null() {
        return Ok(Options::default());
    }
    serde_wasm_bindgen::from_value(v).map_err(|e| js_error(Error::Decode(e.to_string())))
}

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The crate version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A walked page: the model, and the DOM nodes by id (for highlighting).
#[wasm_bindgen]
pub struct LivePage {
    page: Page,
    nodes: Vec<web_sys::Node>,
}

#[wasm_bindgen]
impl LivePage {
    /// Extracts the article (see `Extraction` in the crate docs).
    pub fn extract(&self, options_value: JsValue) -> Result<JsValue, JsError> {
        let out = extract(&self.page, &options(options_value)?).map_err(js_error)?;
        to_js(&out)
    }

    /// The DOM node with id `id`.
    pub fn node(&self, id: usize) -> Option<web_sys::Node> {
        self.nodes.get(id).cloned()
    }

    /// Number of nodes walked.
    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }
}

/// Walks the rendered `doc` into a [`LivePage`].
#[wasm_bindgen(js_name = walkDocument)]
pub fn walk_document(doc: &web_sys::Document) -> Result<LivePage, JsError> {
    let walk::Walk { facts, nodes } = walk::walk_document(doc).map_err(js_error)?;
    let page = Page::from_facts(facts).map_err(js_error)?;
    Ok(LivePage { page, nodes })
}

/// The facts the web-sys walker reads from `doc` (to compare walkers).
#[wasm_bindgen(js_name = readFacts)]
pub fn read_facts(doc: &web_sys::Document) -> Result<JsValue, JsError> {
    to_js(&walk::walk_document(doc).map_err(js_error)?.facts)
}

/// Walks `doc` and extracts in one call.
#[wasm_bindgen(js_name = extractDocument)]
pub fn extract_document(doc: &web_sys::Document, options_value: JsValue) -> Result<JsValue, JsError> {
    walk_document(doc)?.extract(options_value)
}

/// Extracts from facts read by the JS walker (where wasm cannot run in the
/// page). Node ids in the result index the walker's node list. `facts` is a
/// `PageFacts` object or, faster (one string crosses instead of every
/// field), its JSON text.
#[wasm_bindgen(js_name = extractFacts)]
pub fn extract_facts(facts: JsValue, options_value: JsValue) -> Result<JsValue, JsError> {
    let facts: PageFacts = match facts.as_string() {
        Some(json) => serde_json::from_str(&json).map_err(|e| Error::Decode(e.to_string())),
        None => serde_wasm_bindgen::from_value(facts).map_err(|e| Error::Decode(e.to_string())),
    }
    .map_err(js_error)?;
    let page = Page::from_facts(facts).map_err(js_error)?;
    let out = extract(&page, &options(options_value)?).map_err(js_error)?;
    to_js(&out)
}
