pub mod batcher;
pub mod ffi;
pub mod generate;
pub mod handlers;
pub mod model;
pub mod pinned;
pub mod state;
pub mod tokenizer;
