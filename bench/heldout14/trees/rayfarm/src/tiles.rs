use cust::memory::LockedBuffer;

#[derive(Clone, Copy, Debug)]
pub struct Tile {
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
}

pub fn split(width: usize, height: usize, size: usize) -> Vec<Tile> {
    let mut v = Vec::new();
    for y in (0..height).step_by(size) {
        for x in (0..width).step_by(size) {
            v.push(Tile { x, y, w: size.min(width - x), h: size.min(height - y) });
        }
    }
    v
}

/// Host staging for tile read-back, grown to the largest tile seen.
pub struct TileStage {
    buf: Option<LockedBuffer<f32>>,
}

impl TileStage {
    pub fn new() -> Self {
        Self { buf: None }
    }

    pub fn ensure_capacity(&mut self, n: usize) -> anyhow::Result<&mut LockedBuffer<f32>> {
        let grow = self.buf.as_ref().map_or(true, |b| b.len() < n);
        if grow {
            self.buf = Some(LockedBuffer::new(&0f32, n)?);
        }
        Ok(self.buf.as_mut().unwrap())
    }
}
