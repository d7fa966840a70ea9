pub mod config;
pub mod gpu;
pub mod matrix;
pub mod server;
pub mod solver;
