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
use crate::model::{Builder, Page, PageFacts};

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

/// Options from a JS object (`{scores?: boolean, params?: {[key]: number}}`); absent fields keep
/// their defaults. Read field by field: a serde decoder for one boolean
/// would cost the binary kilobytes.
fn options(v: JsValue) -> Result<Options, JsError> {
    let mut o = Options { clock: Some(performance_now), ..Options::default() };
    if v.is_undefined() || v.is_null() {
        return Ok(o);
    }
    if !v.is_object() {
        return Err(js_error(Error::Decode("options must be an object".into())));
    }
    let scores = js_sys::Reflect::get(&v, &JsValue::from_str("scores")).unwrap_or(JsValue::UNDEFINED);
    if !scores.is_undefined() {
        o.scores = scores.as_bool().ok_or_else(|| js_error(Error::Decode("options.scores must be a boolean".into())))?;
    }
    // `params`: {key: number} overrides of the tunable parameters
    // (crate::params::PARAMS); each known key is read, others are refused.
    let params = js_sys::Reflect::get(&v, &JsValue::from_str("params")).unwrap_or(JsValue::UNDEFINED);
    if !params.is_undefined() && !params.is_null() {
        if !params.is_object() {
            return Err(js_error(Error::Decode("options.params must be an object".into())));
        }
        let keys = js_sys::Object::keys(params.unchecked_ref::<js_sys::Object>());
        for key in keys.iter() {
            let key = key.as_string().unwrap_or_default();
            let value = js_sys::Reflect::get(&params, &JsValue::from_str(&key)).unwrap_or(JsValue::UNDEFINED);
            let value = value
                .as_f64()
                .ok_or_else(|| js_error(Error::Decode(format!("options.params.{key} must be a number"))))?;
            o.params.set(&key, value).map_err(|e| js_error(Error::Decode(format!("options.params: {e}"))))?;
        }
    }
    Ok(o)
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: the global `performance` of a window, a
    /// content script's world and a service worker alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub(crate) fn performance_now() -> f64;
}

/// The tunable parameters, described (`crate::params::PARAMS`: key, name,
/// min, max, step, default, source, description), for the devtools panel.
#[wasm_bindgen]
pub fn parameters() -> Result<JsValue, JsError> {
    to_js(&crate::params::PARAMS)
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
    /// The walk's stage times, copied into each extraction's `stages`.
    walk: WalkStages,
}

/// Stage times of the walk (milliseconds).
#[derive(Clone, Copy)]
struct WalkStages {
    /// The DOM walk less its style and layout reads: structure, text,
    /// attributes, each crossing the wasm boundary.
    dom_ms: f64,
    /// Computed style, visibility, boxes and fonts.
    style_ms: f64,
    /// The facts turned into the page model (`Page::from_facts`).
    model_ms: f64,
}

#[wasm_bindgen]
impl LivePage {
    /// Extracts the article (see `Extraction` in the crate docs).
    pub fn extract(&self, options_value: JsValue) -> Result<JsValue, JsError> {
        let mut out = extract(&self.page, &options(options_value)?).map_err(js_error)?;
        out.stages.walk_dom_ms = self.walk.dom_ms;
        out.stages.walk_style_ms = self.walk.style_ms;
        out.stages.model_ms = self.walk.model_ms;
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
    // The model is built as the walk reads each node (`walk::Sink`): the
    // walk's time includes it; `model_ms` is what is left after the walk.
    let mut builder = Builder::new(0.0, 0.0, 0);
    let walk::Walk { facts, nodes, walk_ms, style_ms } = walk::walk_into(doc, &mut builder).map_err(js_error)?;
    let t = performance_now();
    let page = builder.finish(facts).map_err(js_error)?;
    let model_ms = performance_now() - t;
    Ok(LivePage { page, nodes, walk: WalkStages { dom_ms: walk_ms - style_ms, style_ms, model_ms } })
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

/// Runs the core once on the warm-up page ([`crate::warmup`]) and drops the
/// result: a new instance's first extraction compiles the functions it
/// reaches, so the background's new worker calls this before its first
/// real page (when a tab has loaded one, or while a clicked one is read).
#[wasm_bindgen(js_name = warmUp)]
pub fn warm_up() -> Result<(), JsError> {
    // As a click's facts go (without the score table), the output's
    // crossing to JS included: it is compiled on first use too.
    // Through the packed facts, the JS walker's form for the background.
    let options = Options { scores: false, clock: Some(performance_now), ..Options::default() };
    let packed = PageFacts::from_json(&crate::warmup::facts_json()).map_err(js_error)?.to_packed();
    extract_model(|| Page::from_packed(&packed.strings, &packed.numbers), &options).map(drop)
}

/// Extracts from facts read by the JS walker (where wasm cannot run in the
/// page). Node ids in the result index the walker's node list. `facts` is a
/// `PageFacts` object or, faster (one string crosses instead of every
/// field), its JSON text.
#[wasm_bindgen(js_name = extractFacts)]
pub fn extract_facts(facts: JsValue, options_value: JsValue) -> Result<JsValue, JsError> {
    // An object is turned into JSON text by the browser's own encoder, so
    // one decoder (crate::json) reads both forms.
    let json = match facts.as_string() {
        Some(json) => json,
        None => js_sys::JSON::stringify(&facts)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| js_error(Error::Decode("facts are neither JSON text nor an object".into())))?,
    };
    extract_json(&json, &options(options_value)?)
}

/// Facts as JSON text → page model → extraction → JS value.
fn extract_json(json: &str, options: &Options) -> Result<JsValue, JsError> {
    extract_model(|| Page::from_json(json), options)
}

/// The page model from `model` (timed as the model's stage) → extraction →
/// JS value.
fn extract_model(model: impl FnOnce() -> Result<Page, Error>, options: &Options) -> Result<JsValue, JsError> {
    let t = performance_now();
    let page = model().map_err(js_error)?;
    let model_ms = performance_now() - t;
    let mut out = extract(&page, options).map_err(js_error)?;
    out.stages.model_ms = model_ms;
    to_js(&out)
}

/// Extracts from the JS walker's packed facts (`src/model/packed.rs`): the
/// extension's path wherever the JS walker read the page, scored in the
/// background or in the page (`extension/content/content.js`). Node ids in
/// the result index the walker's node list. `numbers` may be a plain array
/// or a `Float64Array`.
#[wasm_bindgen(js_name = extractPacked)]
pub fn extract_packed(strings: String, numbers: Vec<f64>, options_value: JsValue) -> Result<JsValue, JsError> {
    let options = options(options_value)?;
    // Owned, so that the facts' copy in wasm memory is freed once the page
    // model is built, before the stages that raise the page's peak.
    extract_model(move || Page::from_packed(&strings, &numbers), &options)
}

/// The facts in packed facts, as a `PageFacts` object (to compare the
/// walkers, and to dump the JS walker's facts).
#[wasm_bindgen(js_name = packedFacts)]
pub fn packed_facts(strings: &str, numbers: &[f64]) -> Result<JsValue, JsError> {
    to_js(&PageFacts::from_packed(strings, numbers).map_err(js_error)?)
}

/// Facts' JSON text packed as the JS walker packs them, `{strings,
/// numbers}` (for the bench, which reads dumped facts).
#[wasm_bindgen(js_name = packFacts)]
pub fn pack_facts(json: &str) -> Result<JsValue, JsError> {
    let packed = PageFacts::from_json(json).map_err(js_error)?.to_packed();
    let out = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&out, &JsValue::from_str(k), v).map(drop);
    set("strings", &JsValue::from_str(&packed.strings))
        .and_then(|()| set("numbers", &js_sys::Float64Array::from(packed.numbers.as_slice()).into()))
        .map_err(|_| js_error(Error::Decode("packFacts: could not build the result".into())))?;
    Ok(out.into())
}
