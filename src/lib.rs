//! ghosttax: finds pinned-host-memory anti-patterns and prices them in VRAM.
//!
//! The flow of data, one module per stage:
//! `discover` → `prefilter` → `frontend` → `model` → `rules` → `finding` (+ `tax`) → `report`.
//! `engine` runs the stages for one invocation; `frontend::items` decides which parts of a
//! file are parsed, and `names` collects the functions call chains run through while the
//! first pass reads the tree.

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
pub mod index;
pub mod model;
pub mod names;
pub mod prefilter;
pub mod report;
pub mod rules;
pub mod source;
pub mod tax;
pub mod trace;
