use anyhow::Result;
use cust::memory::{DeviceBuffer, DeviceSlice, LockedBuffer};
use cust::module::Module;
use cust::prelude::*;

static PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/ntt.ptx"));

/// Negacyclic NTT over an RNS basis. Twiddles are computed once on the host; the host copy is
/// kept page-locked for the CPU reference path used when the device is reset.
pub struct NttPlan {
    pub n: usize,
    pub moduli: Vec<u64>,
    host_twiddles: LockedBuffer<u64>,
    d_twiddles: DeviceBuffer<u64>,
    d_moduli: DeviceBuffer<u64>,
    module: Module,
}

fn pow_mod(b: u64, mut e: u64, q: u64) -> u64 {
    let mut r = 1u128;
    let mut x = b as u128 % q as u128;
    while e > 0 {
        if e & 1 == 1 {
            r = r * x % q as u128;
        }
        x = x * x % q as u128;
        e >>= 1;
    }
    r as u64
}

fn primitive_root_2n(n: usize, q: u64) -> u64 {
    let order = 2 * n as u64;
    (2..q)
        .map(|g| pow_mod(g, (q - 1) / order, q))
        .find(|&psi| pow_mod(psi, n as u64, q) == q - 1)
        .expect("modulus does not support this ring degree")
}

pub fn twiddle_table(n: usize, q: u64) -> Vec<u64> {
    let psi = primitive_root_2n(n, q);
    let mut t = vec![0u64; n];
    let mut w = 1u64;
    for slot in t.iter_mut() {
        *slot = w;
        w = ((w as u128 * psi as u128) % q as u128) as u64;
    }
    t
}

impl NttPlan {
    pub fn new(n: usize, moduli: &[u64]) -> Result<Self> {
        let mut host = Vec::with_capacity(n * moduli.len());
        for &q in moduli {
            host.extend(twiddle_table(n, q));
        }
        let host_twiddles = LockedBuffer::from_slice(&host)?;
        let d_twiddles = DeviceBuffer::from_slice(&host_twiddles)?;
        let d_moduli = DeviceBuffer::from_slice(moduli)?;
        let module = Module::from_ptx(PTX, &[])?;
        Ok(Self { n, moduli: moduli.to_vec(), host_twiddles, d_twiddles, d_moduli, module })
    }

    pub fn twiddles(&self) -> &[u64] {
        &self.host_twiddles
    }

    pub fn forward(&self, stream: &Stream, data: &mut DeviceSlice<u64>, limbs: usize) -> Result<()> {
        let f = self.module.get_function("ntt_stage")?;
        let half = (self.n / 2) as u32;
        let mut m = 1u32;
        while (m as usize) < self.n {
            unsafe {
                launch!(f<<<((half + 255) / 256, limbs as u32, 1), 256, 0, stream>>>(
                    data.as_device_ptr(), self.d_twiddles.as_device_ptr(), self.d_moduli.as_device_ptr(),
                    self.n as u32, m
                ))?;
            }
            m <<= 1;
        }
        Ok(())
    }

    pub fn rescale(&self, stream: &Stream, data: &mut DeviceSlice<u64>, top: usize) -> Result<()> {
        let f = self.module.get_function("rescale_limb")?;
        let n = self.n as u32;
        unsafe {
            launch!(f<<<((n + 255) / 256, top as u32, 1), 256, 0, stream>>>(
                data.as_device_ptr(), self.d_moduli.as_device_ptr(), n, top as u32
            ))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twiddles_start_at_one() {
        let t = twiddle_table(8, 17);
        assert_eq!(t[0], 1);
    }

    #[test]
    fn forward_runs_on_device() {
        let _ctx = cust::quick_init().unwrap();
        let plan = NttPlan::new(16, &[97]).unwrap();
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None).unwrap();
        let mut host = LockedBuffer::new(&1u64, 16).unwrap();
        let mut d = DeviceBuffer::from_slice(&host).unwrap();
        plan.forward(&stream, &mut d, 1).unwrap();
        stream.synchronize().unwrap();
        d.copy_to(&mut host[..]).unwrap();
        assert!(host.iter().all(|&x| x < 97));
    }
}
