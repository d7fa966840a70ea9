#[derive(Default)]
pub struct Decoder {
    scratch: Vec<f32>,
}

pub struct Batch {
    pub values: Vec<f32>,
    pub sensor: Vec<u32>,
}

impl Decoder {
    pub fn decode(&mut self, frame: &[u8], cal: &[f32]) -> anyhow::Result<Batch> {
        let n = frame.len() / 8;
        if self.scratch.len() < n {
            self.scratch.resize(n.next_power_of_two(), 0.0);
        }
        let mut sensor = Vec::with_capacity(n);
        for i in 0..n {
            let id = u32::from_le_bytes(frame[8 * i..8 * i + 4].try_into()?);
            let raw = f32::from_le_bytes(frame[8 * i + 4..8 * i + 8].try_into()?);
            self.scratch[i] = raw * cal[id as usize % cal.len()];
            sensor.push(id);
        }
        Ok(Batch { values: self.scratch[..n].to_vec(), sensor })
    }
}
