use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::cuda::HostBuf;
use crate::rs::rs_crc32;
use crate::{ApiError, AppState};

static CRC_TABLE: OnceLock<HostBuf> = OnceLock::new();

fn crc_table() -> &'static HostBuf {
    CRC_TABLE.get_or_init(|| {
        let mut t = HostBuf::new(256 * 4).expect("page-locked CRC table");
        for (i, chunk) in t.as_mut_slice().chunks_mut(4).enumerate() {
            let mut c = i as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            }
            chunk.copy_from_slice(&c.to_le_bytes());
        }
        t
    })
}

pub struct Scrubber {
    st: Arc<AppState>,
    crc_buf: Option<HostBuf>,
}

impl Scrubber {
    pub fn new(st: Arc<AppState>) -> Self {
        Self { st, crc_buf: None }
    }

    fn crc_staging(&mut self, len: usize) -> Result<&mut HostBuf, ApiError> {
        if self.crc_buf.is_none() {
            self.crc_buf = Some(HostBuf::new(len)?);
        }
        Ok(self.crc_buf.as_mut().unwrap())
    }

    async fn pass(&mut self) -> Result<usize, ApiError> {
        let _table = crc_table();
        let objects = self.st.index.sample(256);
        let mut bad = 0;
        for meta in objects {
            let shard_len = meta.shard_len;
            for loc in &meta.shards {
                let path = self.st.cfg.data_dirs[loc.dir].join(format!("{}.{}.{}", meta.key, loc.stripe, loc.shard));
                let bytes = match tokio::fs::read(&path).await {
                    Ok(b) => b,
                    Err(_) => {
                        bad += 1;
                        continue;
                    }
                };
                let buf = self.crc_staging(shard_len)?;
                let n = bytes.len().min(buf.len());
                buf.as_mut_slice()[..n].copy_from_slice(&bytes[..n]);
                let _crc = unsafe { rs_crc32(buf.as_ptr(), n) };
            }
        }
        // hand the staging back to the driver between passes
        self.crc_buf = None;
        Ok(bad)
    }

    pub async fn run(mut self, every: Duration) {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            match self.pass().await {
                Ok(bad) if bad > 0 => tracing::warn!("scrub pass: {bad} unreadable shards"),
                Ok(_) => {}
                Err(e) => tracing::error!("scrub pass failed: {e}"),
            }
        }
    }
}
