//! HEVC encode through an ffmpeg (nvenc) child; frames leave the GPU through one pinned buffer.
use std::ffi::c_void;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};

use anyhow::{bail, Context, Result};
use cust::memory::{CopyDestination, DeviceBuffer};

use crate::ffi;

pub struct Encoder {
    host: *mut u8,
    frame_bytes: usize,
    child: Option<(Child, ChildStdin)>,
}

unsafe impl Send for Encoder {}

impl Encoder {
    pub fn new(frame_bytes: usize) -> Result<Self> {
        let mut p: *mut c_void = std::ptr::null_mut();
        let rc = unsafe { ffi::cuMemHostAlloc(&mut p, frame_bytes, ffi::CU_MEMHOSTALLOC_PORTABLE) };
        if rc != 0 {
            bail!("driver host allocation failed ({rc})");
        }
        Ok(Self { host: p.cast(), frame_bytes, child: None })
    }

    pub fn begin(&mut self, output: &str, width: u32, height: u32, kbps: u32) -> Result<()> {
        let mut child = Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "nv12"])
            .args(["-s", &format!("{width}x{height}"), "-i", "-", "-c:v", "hevc_nvenc", "-b:v"])
            .arg(format!("{kbps}k"))
            .arg(output)
            .stdin(Stdio::piped())
            .spawn()
            .context("spawning encoder")?;
        let stdin = child.stdin.take().context("encoder stdin")?;
        self.child = Some((child, stdin));
        Ok(())
    }

    pub fn push(&mut self, frame: &DeviceBuffer<u8>) -> Result<()> {
        let host = unsafe { std::slice::from_raw_parts_mut(self.host, self.frame_bytes) };
        frame.copy_to(host)?;
        let (_, stdin) = self.child.as_mut().context("encoder not started")?;
        stdin.write_all(host)?;
        Ok(())
    }

    pub fn finish(&mut self) -> Result<()> {
        if let Some((mut child, stdin)) = self.child.take() {
            drop(stdin);
            let status = child.wait()?;
            if !status.success() {
                bail!("encoder exited with {status}");
            }
        }
        Ok(())
    }
}

impl Drop for Encoder {
    fn drop(&mut self) {
        let _ = self.finish();
        unsafe {
            ffi::cuMemFreeHost(self.host.cast());
        }
    }
}
