pub mod config;
pub mod export;
pub mod ffi;
pub mod filter;
pub mod fingerprint;
pub mod host;
pub mod map;
pub mod motion;
pub mod pool;
pub mod protocol;
pub mod resample;
pub mod server;

use bytemuck::{Pod, Zeroable};
use cust::DeviceCopy;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy, Pod, Zeroable)]
pub struct Particle {
    pub x: f32,
    pub y: f32,
    pub heading: f32,
    pub floor: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy, Pod, Zeroable)]
pub struct Reading {
    pub beacon: u32,
    pub rssi_dbm: f32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy)]
pub struct PoseEstimate {
    pub x: f32,
    pub y: f32,
    pub floor: u32,
    pub cov: [f32; 4],
    pub effective_n: f32,
}
