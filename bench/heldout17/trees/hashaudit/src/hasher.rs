use std::sync::OnceLock;

use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use cust::module::Module;
use cust::stream::Stream;

use crate::wordlist::Packed;

pub trait HashKernel: Send {
    fn name(&self) -> &str;
    fn run(&mut self, batch: &Packed, stream: &Stream) -> anyhow::Result<Vec<u8>>;
}

static CHARSET: OnceLock<LockedBuffer<u8>> = OnceLock::new();

fn charset() -> &'static LockedBuffer<u8> {
    CHARSET.get_or_init(|| LockedBuffer::from_slice(b"abcdefghijklmnopqrstuvwxyz0123456789").expect("pinned charset"))
}

pub struct Pbkdf2Sha256 {
    pub module: Module,
    pub salt: DeviceBuffer<u8>,
    pub iterations: u32,
}

impl HashKernel for Pbkdf2Sha256 {
    fn name(&self) -> &str { "pbkdf2-sha256" }

    fn run(&mut self, batch: &Packed, _stream: &Stream) -> anyhow::Result<Vec<u8>> {
        let n = batch.offsets.len() - 1;
        let mut digests = LockedBuffer::new(&0u8, n * 32)?;
        let d_pw = DeviceBuffer::from_slice(&batch.bytes)?;
        let d_off = DeviceBuffer::from_slice(&batch.offsets)?;
        let d_out = DeviceBuffer::<u8>::zeroed(n * 32)?;
        let _ = (&d_pw, &d_off, &self.salt, self.iterations, charset().len());
        d_out.copy_to(&mut digests[..])?;
        Ok(digests.to_vec())
    }
}

pub struct Ntlm {
    pub module: Module,
    pub out: LockedBuffer<u8>,
}

impl Ntlm {
    fn ensure_capacity(&mut self, n: usize) -> anyhow::Result<()> {
        if self.out.len() < n {
            self.out = LockedBuffer::new(&0u8, n * 2)?;
        }
        Ok(())
    }
}

impl HashKernel for Ntlm {
    fn name(&self) -> &str { "ntlm" }

    fn run(&mut self, batch: &Packed, _stream: &Stream) -> anyhow::Result<Vec<u8>> {
        let n = batch.offsets.len() - 1;
        self.ensure_capacity(n * 16)?;
        let d_out = DeviceBuffer::<u8>::zeroed(n * 16)?;
        d_out.copy_to(&mut self.out[..n * 16])?;
        Ok(self.out[..n * 16].to_vec())
    }
}
