pub mod cache;
pub mod ffi;
pub mod grid;
pub mod kernels;
pub mod legacy;
pub mod pinned;
pub mod raster;
pub mod register;
pub mod routes;
pub mod state;
pub mod worker;

pub use ffi::GeoError;
