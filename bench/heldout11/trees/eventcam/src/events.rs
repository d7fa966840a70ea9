use cust::memory::{DeviceCopy, LockedBuffer};

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Event {
    pub x: u16,
    pub y: u16,
    pub polarity: i16,
    pub pad: u16,
    pub t_us: i64,
}

unsafe impl DeviceCopy for Event {}

/// Decodes one EVT3 packet (16-bit words) into events.
pub fn decode_words(words: &[u16], out: &mut Vec<Event>) {
    let (mut y, mut t_hi, mut t_lo) = (0u16, 0i64, 0i64);
    for &w in words {
        let kind = w >> 12;
        let payload = w & 0x0fff;
        match kind {
            0x0 => y = payload,
            0x2 | 0x3 => out.push(Event {
                x: payload,
                y,
                polarity: if kind == 0x3 { 1 } else { -1 },
                pad: 0,
                t_us: (t_hi << 12) | t_lo,
            }),
            0x6 => t_lo = payload as i64,
            0x8 => t_hi = payload as i64,
            _ => {}
        }
    }
}

pub fn decode_packet(bytes: &[u8]) -> cust::error::CudaResult<LockedBuffer<Event>> {
    let words: Vec<u16> = bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
    let mut events = Vec::with_capacity(words.len());
    decode_words(&words, &mut events);
    LockedBuffer::from_slice(&events)
}
