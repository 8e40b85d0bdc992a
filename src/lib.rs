//! # Pith: the extraction core
//!
//! Pith finds the main content of a web page by scoring its DOM, using the
//! rendered facts a browser knows (widths, visibility, fonts, line counts)
//! where it has them.
//!
//! The crate is split like Ruffle's: a platform-free core and thin front-ends.
//!
//! * [`model`]: the page model, one flat arena of nodes ([`model::Page`]),
//!   and the one way to fill it, [`model::PageFacts`] → [`model::Page::from_facts`].
//! * Front-ends fill the facts:
//!   - `web` (wasm32 only): walks the live DOM through web-sys;
//!   - `extension/content/walker.js`: the same walk in plain JS, for pages
//!     whose Content-Security-Policy blocks WebAssembly in content scripts;
//!   - [`html`] (native only): parses an HTML string with html5ever (through
//!     scraper), for `cargo test` and tools. No visual facts, except widths
//!     from `width` attributes and inline styles.
//! * [`papers`]: one module per research paper, each with its formulas,
//!   named constants and the paper's worked examples as unit tests.
//! * [`extract`]: the decision over the papers' signals, and the output
//!   [`extract::Extraction`] (article, blocks, per-node score table).
//! * [`metadata`]: title, byline, language, site name, dates, excerpt.
//! * [`article`]: the article as typed blocks and inline runs; [`url`]:
//!   addresses resolved and checked against the reader's allow-lists.
//! * [`sentences`]: each block's sentences as UTF-16 ranges (UAX #29 with
//!   abbreviations, initials, quotes and URLs on top), for speech.
//! * [`error`]: the crate's one error type.
//! * [`params`]: the papers' and the decision's tunable parameters, described.
//! * [`warmup`]: a page of Pith's own, run once in a new wasm instance so
//!   that the first real page meets compiled code.
//!
//! The core never touches web-sys, so every method runs natively in tests.
//!
//! ```
//! # #[cfg(not(target_arch = "wasm32"))] {
//! let page = pith::html::parse_document(
//!     "<html><body><nav><a href='/'>Home</a></nav>\
//!      <div><p>One two three four five six seven eight.</p>\
//!      <p>Nine ten eleven twelve thirteen fourteen.</p></div></body></html>",
//!     "https://example.test/a",
//! ).unwrap();
//! let out = pith::extract::extract(&page, &pith::extract::Options::default()).unwrap();
//! assert!(out.text.starts_with("One two three"));
//! assert!(!out.text.contains("Home"));
//! # }
//! ```

pub mod article;
pub mod cues;
pub mod decision;
pub mod error;
pub mod extract;
pub mod json;
pub mod metadata;
pub mod model;
pub mod page_type;
pub mod papers;
pub mod params;
pub mod segment;
pub mod sentences;
pub mod sort;
pub mod stem;
pub mod table;
pub mod text;
pub mod url;
pub mod warmup;

#[cfg(not(target_arch = "wasm32"))]
pub mod html;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use error::{Error, Result};
pub use extract::{extract, Extraction, Options};
pub use model::{Packed, Page, PageFacts};
