use anyhow::Result;
use cust::launch;
use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::module::Module;
use cust::stream::Stream;

use super::{DeviceFrame, Filter};

const GLYPH_W: usize = 8;
const GLYPH_H: usize = 16;

/// Burns "<label> HH:MM:SS.mmm" into the top-left corner of every frame.
pub struct Timecode {
    label: String,
    dev_box: Option<DeviceBuffer<u8>>,
}

impl Timecode {
    pub fn new(label: String) -> Self {
        Self { label, dev_box: None }
    }

    fn render(&self, text: &str, dst: &mut [u8], stride: usize) {
        for (i, ch) in text.bytes().enumerate() {
            for row in 0..GLYPH_H {
                let bits = crate::filters::overlay::glyph_row(ch, row);
                for col in 0..GLYPH_W {
                    dst[row * stride + i * GLYPH_W + col] = if bits & (0x80 >> col) != 0 { 235 } else { 16 };
                }
            }
        }
    }
}

pub fn glyph_row(ch: u8, row: usize) -> u8 {
    // 8x16 bitmap font generated at build time; stand-in pattern for the digits here.
    ((ch as usize * 31 + row * 7) & 0xff) as u8
}

impl Filter for Timecode {
    fn name(&self) -> &'static str {
        "overlay"
    }

    fn apply(&mut self, frame: &mut DeviceFrame, module: &Module, stream: &Stream) -> Result<()> {
        let ms = frame.pts;
        let text = format!("{} {:02}:{:02}:{:02}.{:03}", self.label, ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        let stride = text.len() * GLYPH_W;
        let mut host = LockedBuffer::new(&0u8, stride * GLYPH_H)?;
        self.render(&text, host.as_mut_slice(), stride);
        if self.dev_box.as_ref().map_or(true, |d| d.len() < host.len()) {
            self.dev_box = Some(DeviceBuffer::zeroed(host.len())?);
        }
        let dev = self.dev_box.as_mut().unwrap();
        unsafe {
            dev.async_copy_from(&host, stream)?;
            launch!(module.blit_luma<<<(stride as u32 / 16 + 1, GLYPH_H as u32, 1), (16, 1, 1), 0, stream>>>(
                dev.as_device_ptr(), stride as u32, GLYPH_H as u32,
                frame.data.as_device_ptr(), frame.width
            ))?;
        }
        stream.synchronize()?;
        Ok(())
    }
}
