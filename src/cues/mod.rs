//! Visual cues only a browser has, one module per cue. Each is a signal like
//! the papers' (see [`crate::papers`]): it writes its own columns of the
//! score table. Every cue must help where the page's styles are known and
//! never hurt where they are not: parsed HTML, and saved pages rendered
//! without their stylesheets, have no or few visual facts, and each cue
//! then writes nothing or a neutral value.

use crate::papers::Context;
use crate::table::ScoreTable;

/// Runs every cue.
pub fn score(_cx: &Context, _table: &mut ScoreTable) {}
