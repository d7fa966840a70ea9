use anyhow::{bail, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Add,
    Modify,
    Delete,
    Trade,
}

#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub ts_ns: u64,
    pub seq: u64,
    pub symbol: u32,
    pub kind: Kind,
    pub side: u8,
    pub price: u32,
    pub qty: u32,
    pub order_id: u64,
}

impl Frame {
    /// 64-bit packed form used by the GPU book kernels.
    pub fn pack(&self) -> u64 {
        let kind = match self.kind {
            Kind::Add => 0u64,
            Kind::Modify => 1,
            Kind::Delete => 2,
            Kind::Trade => 3,
        };
        (u64::from(self.symbol & 0x3fff) << 50)
            | (kind << 48)
            | (u64::from(self.side & 1) << 47)
            | (u64::from(self.price & 0x7f_ffff) << 24)
            | u64::from(self.qty & 0xff_ffff)
    }
}

const RECORD: usize = 40;

pub fn parse(tape: &[u8]) -> Result<Vec<Frame>> {
    if tape.len() < 8 || &tape[..8] != b"MDTAPE02" {
        bail!("not a tape (bad magic)");
    }
    let body = &tape[8..];
    if body.len() % RECORD != 0 {
        bail!("truncated tape: {} trailing bytes", body.len() % RECORD);
    }
    let mut out = Vec::with_capacity(body.len() / RECORD);
    for rec in body.chunks_exact(RECORD) {
        let u64_at = |o: usize| u64::from_le_bytes(rec[o..o + 8].try_into().unwrap());
        let u32_at = |o: usize| u32::from_le_bytes(rec[o..o + 4].try_into().unwrap());
        let kind = match rec[36] {
            b'A' => Kind::Add,
            b'U' => Kind::Modify,
            b'D' => Kind::Delete,
            b'E' => Kind::Trade,
            other => bail!("unknown message type {other:#x}"),
        };
        out.push(Frame {
            ts_ns: u64_at(0),
            seq: u64_at(8),
            order_id: u64_at(16),
            symbol: u32_at(24),
            price: u32_at(28),
            qty: u32_at(32),
            kind,
            side: rec[37],
        });
    }
    Ok(out)
}

pub fn read_refdata(day: &std::path::Path) -> Result<Vec<u32>> {
    let path = day.with_extension("ref");
    let raw = std::fs::read(&path)?;
    Ok(raw.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect())
}

pub fn synthetic_frames(n: usize) -> Vec<Frame> {
    (0..n as u64)
        .map(|i| Frame {
            ts_ns: i * 1_000,
            seq: i,
            symbol: (i % 64) as u32,
            kind: if i % 7 == 0 { Kind::Trade } else { Kind::Add },
            side: (i % 2) as u8,
            price: 10_000 + (i % 50) as u32,
            qty: 100,
            order_id: i,
        })
        .collect()
}
