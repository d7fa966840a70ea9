pub mod downsample;
pub mod histogram;
