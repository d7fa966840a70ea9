pub mod decode;
pub mod export;
pub mod ffi;
pub mod filters;
pub mod index;
pub mod ingest;
pub mod pinned;
pub mod ring;
pub mod scan;
pub mod segment;
pub mod service;

pub mod pb {
    tonic::include_proto!("logsearch");
}

pub use ffi::SearchError;
