use anyhow::Result;
use cust::launch;
use cust::memory::{DeviceBuffer, LockedBuffer};
use cust::module::Module;
use cust::stream::Stream;

use super::{DeviceFrame, Filter};

/// Separable Lanczos-3 resize; the tap table depends only on the two sizes.
pub struct Lanczos {
    out_w: u32,
    out_h: u32,
    taps_host: LockedBuffer<f32>,
    taps: DeviceBuffer<f32>,
    scratch: DeviceBuffer<u8>,
}

fn sinc(x: f32) -> f32 {
    if x.abs() < 1e-6 {
        1.0
    } else {
        let px = std::f32::consts::PI * x;
        px.sin() / px
    }
}

impl Lanczos {
    pub fn new(in_w: u32, in_h: u32, out_w: u32, out_h: u32) -> Result<Self> {
        let mut taps = Vec::with_capacity(6 * (out_w + out_h) as usize);
        for (inp, out) in [(in_w, out_w), (in_h, out_h)] {
            let scale = inp as f32 / out as f32;
            for o in 0..out {
                let centre = (o as f32 + 0.5) * scale - 0.5;
                for k in -2..=3 {
                    let x = centre.floor() + k as f32 - centre;
                    taps.push(sinc(x) * sinc(x / 3.0));
                }
            }
        }
        let taps_host = LockedBuffer::from_slice(&taps)?;
        let dev = DeviceBuffer::from_slice(taps_host.as_slice())?;
        Ok(Self {
            out_w,
            out_h,
            taps_host,
            taps: dev,
            scratch: DeviceBuffer::zeroed((out_w * out_h * 3 / 2) as usize)?,
        })
    }
}

impl Filter for Lanczos {
    fn name(&self) -> &'static str {
        "scale"
    }

    fn apply(&mut self, frame: &mut DeviceFrame, module: &Module, stream: &Stream) -> Result<()> {
        let lut = crate::lut::bt709();
        let _ = lut.len();
        unsafe {
            launch!(module.lanczos_nv12<<<(self.out_w / 16 + 1, self.out_h / 16 + 1, 1), (16, 16, 1), 0, stream>>>(
                frame.data.as_device_ptr(), frame.width, frame.height,
                self.scratch.as_device_ptr(), self.out_w, self.out_h,
                self.taps.as_device_ptr()
            ))?;
        }
        stream.synchronize()?;
        std::mem::swap(&mut frame.data, &mut self.scratch);
        frame.width = self.out_w;
        frame.height = self.out_h;
        let _ = self.taps_host.len();
        Ok(())
    }
}
