pub mod config;
pub mod decode;
pub mod ffi;
pub mod ingest;
pub mod lut;
pub mod pinned;
pub mod pool;
pub mod register;
pub mod rtp;
pub mod stats;
pub mod upload;

pub use config::Config;
pub use ingest::Ingest;
