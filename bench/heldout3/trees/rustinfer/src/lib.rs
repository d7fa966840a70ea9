//! rustinfer: a small inference runtime that drives CUDA through the raw driver API.

pub mod batcher;
pub mod ffi;
pub mod pinned;
pub mod register;
pub mod session;
pub mod weights;

pub use pinned::PinnedBuf;
pub use register::HostRegistration;
pub use session::Session;

#[derive(Debug, thiserror::Error)]
pub enum CuError {
    #[error("CUDA driver error {0}")]
    Driver(i32),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Other(String),
}

pub fn check(res: ffi::CUresult) -> Result<(), CuError> {
    if res == ffi::CUDA_SUCCESS {
        Ok(())
    } else {
        Err(CuError::Driver(res))
    }
}
