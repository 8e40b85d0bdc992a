//! (stub: being written)

use super::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[];

/// Writes [`COLUMNS`].
pub fn score(_cx: &Context, table: &mut ScoreTable) {
    table.add_all(COLUMNS);
}

/// The article's keywords from its text (stub).
pub fn article_keywords(_text: &str, _lang: Option<&str>) -> Vec<String> {
    Vec::new()
}
