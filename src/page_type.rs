//! Content-type identification (seed 001 §III): what kind of page this is,
//! decided before the extraction so that type-specific rules apply.

use serde::Serialize;

use crate::papers::Context;
use crate::table::ScoreTable;

/// The seven page types of the WCXB benchmark, as it defines them by
/// structure, and pages with nothing to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PageKind {
    Article,
    Service,
    Product,
    Collection,
    Forum,
    Listing,
    Documentation,
    NotReaderable,
}

/// The classifier's verdict.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageType {
    pub kind: PageKind,
    /// Probability of `kind`, 0..=1.
    pub confidence: f32,
}

/// Classifies the page.
pub fn classify(_cx: &Context, _table: &mut ScoreTable) -> PageType {
    PageType { kind: PageKind::Article, confidence: 0.0 }
}
