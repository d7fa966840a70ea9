//! Text-level reading before any parse: the catalog's literal prefilter (most files stop
//! there), a file's identifiers, split once, and the include graph among C-family files.

pub mod idents;
pub mod includes;
pub mod prefilter;
