pub mod config;
pub mod ffi;
pub mod register;
pub mod scratch;
pub mod slab;
pub mod strips;
pub mod stream;
pub mod world;
