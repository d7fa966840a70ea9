pub mod compress;
pub mod ffi;
pub mod index;
pub mod probe;
pub mod retro;
pub mod slab;
