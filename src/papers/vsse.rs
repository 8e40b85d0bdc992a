//! (stub: being written)

use super::Context;
use crate::table::{ColumnSpec, ScoreTable};

/// The module's columns in the score table.
pub const COLUMNS: &[ColumnSpec] = &[];

/// Writes [`COLUMNS`].
pub fn score(_cx: &Context, table: &mut ScoreTable) {
    table.add_all(COLUMNS);
}
