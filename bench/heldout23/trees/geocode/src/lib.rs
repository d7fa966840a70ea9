pub mod arena;
pub mod cache;
pub mod engine;
pub mod ffi;
pub mod gazetteer;
pub mod index;
pub mod server;
pub mod stage;
pub mod tokenize;

#[derive(Debug, thiserror::Error)]
pub enum GeoError {
    #[error("cuda runtime error {0} in {1}")]
    Cuda(i32, &'static str),
    #[error("matcher returned {0}")]
    Matcher(i32),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
    #[error("bad gazetteer: {0}")]
    Gazetteer(String),
    #[error("bad request: {0}")]
    Request(String),
}

pub type Result<T> = std::result::Result<T, GeoError>;
