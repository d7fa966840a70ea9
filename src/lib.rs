//! ghosttax: finds pinned-host-memory anti-patterns and prices them in VRAM.
//!
//! The flow of data: `discover` → `scan` (prefilter, identifiers) → `frontend` (parse into
//! the `model`) → `analysis` (link: chain names, call graph; analyse: frequency, ownership,
//! repetition) → `rules` → suppress → `report`. `engine` runs the stages for one
//! invocation. Each module imports only its own layer or those below (`.ci/layers.py`).

pub mod analysis;
pub mod baseline;
pub mod calibrate;
pub mod catalog;
pub mod config;
pub mod diffbase;
pub mod discover;
pub mod engine;
pub mod finding;
pub mod frontend;
pub mod git;
pub mod model;
pub mod platform;
pub mod report;
pub mod rules;
pub mod scan;
pub mod source;
pub mod tax;
pub mod trace;
pub mod tracefile;
