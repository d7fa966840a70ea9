pub mod cache;
pub mod decoder;
pub mod export;
pub mod ffi;
pub mod graph;
pub mod pinned;
pub mod scratch;
pub mod server;
pub mod syndrome;
pub mod weights;

#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error("cuda: {0}")]
    Cuda(#[from] cust::error::CudaError),
    #[error("driver call {0} failed with {1}")]
    Driver(&'static str, i32),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
    #[error("bad input: {0}")]
    Input(String),
}

pub type Result<T> = std::result::Result<T, DecodeError>;
