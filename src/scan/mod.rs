//! Text-level reading before any parse: the catalog's literal prefilter (most files stop
//! there) and a file's identifiers, split once.

pub mod idents;
pub mod prefilter;
