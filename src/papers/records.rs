//! (stub: being written)

use super::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[];

/// Writes [`COLUMNS`].
pub fn score(_cx: &Context, table: &mut ScoreTable) {
    table.add_all(COLUMNS);
}

/// One attribute–value pair of a structured record.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub name: String,
    pub value: String,
    /// The nodes it was read from.
    pub nodes: Vec<crate::model::NodeId>,
}
