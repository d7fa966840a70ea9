use std::sync::OnceLock;

use cust::memory::LockedBuffer;
use cust::prelude::*;

use crate::field::Fr;

static TWIDDLES: OnceLock<LockedBuffer<Fr>> = OnceLock::new();

/// Powers of the 2^log_n-th root of unity, computed and pinned the first time they are asked for.
pub fn twiddles(log_n: u32) -> &'static LockedBuffer<Fr> {
    TWIDDLES.get_or_init(|| {
        let n = 1usize << log_n;
        let root = Fr([0x636e735580d13d9c, 0xa22bf3742445ffd6, 0x56452ac01eb203d8, 0x1860ef942963f9e7]);
        let mut v = Vec::with_capacity(n);
        let mut w = Fr::ONE;
        for _ in 0..n {
            v.push(w);
            w = w.mul(&root);
        }
        LockedBuffer::from_slice(&v).expect("pinned twiddle table")
    })
}

pub struct Ntt {
    pub log_n: u32,
}

impl Ntt {
    pub fn new(log_n: u32) -> Self {
        let _ = twiddles(log_n);
        Ntt { log_n }
    }

    /// Multiply coefficient i by g^i, moving the polynomial onto the coset gH.
    pub fn coset_shift(&self, coeffs: &[Fr], g: Fr) -> CudaResult<LockedBuffer<Fr>> {
        let mut out = LockedBuffer::new(&Fr::ZERO, coeffs.len())?;
        let mut pow = Fr::ONE;
        for (o, c) in out.iter_mut().zip(coeffs) {
            *o = c.mul(&pow);
            pow = pow.mul(&g);
        }
        let tw = twiddles(self.log_n);
        for (i, o) in out.iter_mut().enumerate() {
            *o = o.mul(&tw[i % tw.len()]);
        }
        Ok(out)
    }
}
