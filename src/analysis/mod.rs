//! The analysis layer: whole-run facts computed once, between the front ends and the rules.
//!
//! - `names`: chain names, the functions that pin or call one that does, found while the
//!   tree is read (what a calling file must mention, class ancestry, bindings, callers).
//! - `index`: every parsed file's functions and calls, and which call reaches which
//!   function (the call graph).
//! - `makers`: the classes registries and factories stand for (Python).
//! - `chains`: call chains from a loop or a per-batch function down to a pin, and what the
//!   calls along one pass for its parameters.
//! - `per_batch`: functions that run once per sample, batch or step.
//! - `repetition`: how often a call repeats in its own function and what it costs.
//! - `handover`: functions that pin for their caller (wrappers), and where a chain to one
//!   is reported.
//! - `lifetime`: where a pinned buffer goes after its call (dies, kept, returned).
//! - `ownership`: what releases a buffer, whether it escapes, who owns it.
//! - `context`: the context names, and the setup / kept / retry tests of one site.
//! - `frequency`: the answer rules read: each site's context (hot-loop, per-batch,
//!   call-in-loop, setup, guarded-once, retry, test, once) with its evidence.
//! - `measured`: a trace's sites joined to the findings they measure (`check --trace`).
//! - `view`: what an analysis or a rule sees of a file or of the run.
//!
//! Nothing here formats a finding or knows a syntax tree.

pub mod chains;
pub mod context;
pub mod frequency;
pub mod handover;
pub mod index;
pub mod lifetime;
pub mod makers;
pub mod measured;
pub mod names;
pub mod ownership;
pub mod per_batch;
pub mod repetition;
pub mod view;
