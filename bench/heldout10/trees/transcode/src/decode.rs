//! NV12 decode through an ffmpeg (cuvid) child process into a ring of pinned frames.
use std::io::Read;
use std::process::{Child, ChildStdout, Command, Stdio};

use anyhow::{Context, Result};
use tracing::debug;

use crate::pinned::PinnedFrame;

pub struct FramePool {
    ring: Vec<PinnedFrame>,
    next: usize,
    frame_bytes: usize,
}

impl FramePool {
    pub fn new(width: u32, height: u32, depth: usize) -> Result<Self> {
        let frame_bytes = (width * height * 3 / 2) as usize;
        let mut ring = Vec::with_capacity(depth);
        for frame in 0..depth {
            ring.push(PinnedFrame::new(frame_bytes)?);
            debug!(frame, frame_bytes, "decode slot ready");
        }
        Ok(Self { ring, next: 0, frame_bytes })
    }

    pub fn frame_bytes(&self) -> usize {
        self.frame_bytes
    }
}

pub struct Decoder<'p> {
    child: Child,
    stdout: ChildStdout,
    pool: &'p mut FramePool,
    pub frames: u64,
}

impl<'p> Decoder<'p> {
    pub fn open(input: &str, width: u32, height: u32, pool: &'p mut FramePool) -> Result<Self> {
        let mut child = Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-hwaccel", "cuda", "-i", input])
            .args(["-vf", &format!("scale={width}:{height}"), "-pix_fmt", "nv12", "-f", "rawvideo", "-"])
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("spawning decoder for {input}"))?;
        let stdout = child.stdout.take().context("decoder stdout")?;
        Ok(Self { child, stdout, pool, frames: 0 })
    }

    /// Next frame in the ring; the slot is overwritten `depth` frames later.
    pub fn next_frame(&mut self) -> Result<Option<&mut PinnedFrame>> {
        let n = self.pool.ring.len();
        let slot = &mut self.pool.ring[self.pool.next % n];
        match self.stdout.read_exact(slot.as_mut_slice()) {
            Ok(()) => {
                self.pool.next += 1;
                self.frames += 1;
                Ok(Some(slot))
            }
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

impl Drop for Decoder<'_> {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
