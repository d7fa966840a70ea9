use bytes::{Buf, Bytes};

#[derive(Debug, Clone)]
pub struct RtpPacket {
    pub seq: u16,
    pub timestamp: u32,
    pub marker: bool,
    pub payload: Bytes,
}

#[derive(Debug, thiserror::Error)]
pub enum RtpError {
    #[error("packet too short ({0} bytes)")]
    Short(usize),
    #[error("unsupported RTP version {0}")]
    Version(u8),
}

pub fn parse(mut b: Bytes) -> Result<RtpPacket, RtpError> {
    if b.len() < 12 {
        return Err(RtpError::Short(b.len()));
    }
    let v = b[0] >> 6;
    if v != 2 {
        return Err(RtpError::Version(v));
    }
    let cc = (b[0] & 0x0f) as usize;
    let marker = b[1] & 0x80 != 0;
    b.advance(2);
    let seq = b.get_u16();
    let timestamp = b.get_u32();
    b.advance(4 + 4 * cc);
    Ok(RtpPacket { seq, timestamp, marker, payload: b })
}

/// Reassembles RTP payloads into whole frames (marker bit ends a frame).
#[derive(Default)]
pub struct Depacketizer {
    cur: Vec<u8>,
    last_seq: Option<u16>,
    pub dropped: u64,
}

impl Depacketizer {
    pub fn push(&mut self, p: RtpPacket) -> Option<Vec<u8>> {
        if let Some(s) = self.last_seq {
            if p.seq != s.wrapping_add(1) {
                self.dropped += 1;
                self.cur.clear();
            }
        }
        self.last_seq = Some(p.seq);
        self.cur.extend_from_slice(&p.payload);
        if p.marker {
            Some(std::mem::take(&mut self.cur))
        } else {
            None
        }
    }
}
