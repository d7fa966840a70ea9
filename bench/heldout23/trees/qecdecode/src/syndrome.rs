//! Syndrome batches and the `.qlog` recording format.
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

use byteorder::{LittleEndian, ReadBytesExt};
use serde::Deserialize;

use crate::{DecodeError, Result};

/// Detection events of `shots` shots, shot-major, one byte per detector.
#[derive(Debug, Clone, Deserialize)]
pub struct SyndromeBatch {
    pub batch_id: u64,
    pub shots: usize,
    pub n_detectors: usize,
    pub events: Vec<u8>,
    /// Per-detector error rates measured by the control stack for this batch, if any.
    #[serde(default)]
    pub measured_rates: Option<Vec<f32>>,
}

impl SyndromeBatch {
    pub fn validate(&self) -> Result<()> {
        if self.events.len() != self.shots * self.n_detectors {
            return Err(DecodeError::Input(format!(
                "batch {}: {} events for {} shots x {} detectors",
                self.batch_id,
                self.events.len(),
                self.shots,
                self.n_detectors
            )));
        }
        Ok(())
    }
}

/// One recorded batch of a `.qlog` file: header (batch id, shots, detectors) + events.
pub struct LogEntry {
    pub batch_id: u64,
    pub shots: usize,
    pub n_detectors: usize,
    pub events: Vec<u8>,
    pub observed_flips: Vec<u8>,
}

pub struct QLog {
    rd: BufReader<File>,
    pub n_observables: usize,
}

impl QLog {
    pub fn open(path: &Path) -> Result<Self> {
        let mut rd = BufReader::new(File::open(path)?);
        let mut magic = [0u8; 4];
        rd.read_exact(&mut magic)?;
        if &magic != b"QLG1" {
            return Err(DecodeError::Input(format!("{}: not a qlog", path.display())));
        }
        let n_observables = rd.read_u32::<LittleEndian>()? as usize;
        Ok(Self { rd, n_observables })
    }

    pub fn entries(&mut self) -> impl Iterator<Item = Result<LogEntry>> + '_ {
        std::iter::from_fn(move || {
            let batch_id = match self.rd.read_u64::<LittleEndian>() {
                Ok(v) => v,
                Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return None,
                Err(e) => return Some(Err(e.into())),
            };
            let read = |rd: &mut BufReader<File>, nobs: usize| -> Result<LogEntry> {
                let shots = rd.read_u32::<LittleEndian>()? as usize;
                let n_detectors = rd.read_u32::<LittleEndian>()? as usize;
                let mut events = vec![0u8; shots * n_detectors];
                rd.read_exact(&mut events)?;
                let mut observed_flips = vec![0u8; shots * nobs];
                rd.read_exact(&mut observed_flips)?;
                Ok(LogEntry { batch_id, shots, n_detectors, events, observed_flips })
            };
            Some(read(&mut self.rd, self.n_observables))
        })
    }
}
