pub mod calib;
pub mod config;
pub mod corrections;
pub mod ffi;
pub mod listmode;
pub mod osem;
pub mod pinned;
pub mod recon_queue;
