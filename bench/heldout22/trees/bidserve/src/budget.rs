//! Campaign budget ledger (pacing multipliers), read by the pacing kernel straight from host memory.
use anyhow::bail;
use std::os::raw::c_void;
use std::path::Path;

use crate::ffi::{check, cuMemHostRegister_v2, cuMemHostUnregister};

const LEDGER_MAGIC: &[u8; 4] = b"BLG3";

#[derive(Debug, Clone, Copy)]
pub struct LedgerHeader {
    pub version: u32,
    pub campaigns: u32,
}

fn parse_header(data: &[u8]) -> anyhow::Result<LedgerHeader> {
    if data.len() < 12 || &data[..4] != LEDGER_MAGIC {
        bail!("not a budget ledger");
    }
    let version = u32::from_le_bytes(data[4..8].try_into()?);
    let campaigns = u32::from_le_bytes(data[8..12].try_into()?);
    if data.len() < 12 + campaigns as usize * 8 {
        bail!("ledger truncated: {} campaigns, {} bytes", campaigns, data.len());
    }
    Ok(LedgerHeader { version, campaigns })
}

pub struct BudgetLedger {
    data: Vec<u8>,
    pub header: LedgerHeader,
}

impl BudgetLedger {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let mut data = std::fs::read(path)?;
        check(
            unsafe { cuMemHostRegister_v2(data.as_mut_ptr() as *mut c_void, data.len(), 0) },
            "cuMemHostRegister(ledger)",
        )?;
        let header = parse_header(&data)?;
        if header.version != 3 {
            bail!("ledger version {} is not supported", header.version);
        }
        Ok(Self { data, header })
    }

    pub fn pacing(&self, campaign: u32) -> f32 {
        let off = 12 + campaign as usize * 8;
        f32::from_le_bytes(self.data[off..off + 4].try_into().unwrap())
    }
}

impl Drop for BudgetLedger {
    fn drop(&mut self) {
        unsafe {
            cuMemHostUnregister(self.data.as_mut_ptr() as *mut c_void);
        }
    }
}
