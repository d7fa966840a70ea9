//! Moves tensors between TCP clients and GPU memory.
pub mod config;
pub mod ffi;
pub mod loader;
pub mod pinned;
pub mod pool;
pub mod readback;
pub mod register;
pub mod server;
pub mod upload;
