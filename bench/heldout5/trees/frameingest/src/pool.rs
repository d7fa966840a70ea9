use crossbeam_channel::{bounded, Receiver, Sender};

use crate::ffi::CuError;
use crate::pinned::PinnedFrame;

pub struct FramePool {
    tx: Sender<PinnedFrame>,
    rx: Receiver<PinnedFrame>,
    frame_bytes: usize,
}

impl FramePool {
    pub fn new(frames: usize, frame_bytes: usize) -> Result<Self, CuError> {
        let (tx, rx) = bounded(frames);
        for _ in 0..frames {
            tx.send(PinnedFrame::new(frame_bytes)?).expect("pool channel closed");
        }
        Ok(Self { tx, rx, frame_bytes })
    }

    pub fn frame_bytes(&self) -> usize {
        self.frame_bytes
    }

    pub fn acquire(&self) -> PinnedFrame {
        self.rx.recv().expect("pool channel closed")
    }

    pub fn try_acquire(&self) -> Option<PinnedFrame> {
        self.rx.try_recv().ok()
    }

    pub fn release(&self, f: PinnedFrame) {
        let _ = self.tx.send(f);
    }
}
