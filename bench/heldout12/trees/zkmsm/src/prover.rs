use std::time::Instant;

use cust::memory::{DeviceBuffer, LockedBuffer};

use crate::config::Config;
use crate::field::{Fr, G1Affine, G1Projective};
use crate::hooks::{Hook, ProofStats};
use crate::msm::MsmEngine;
use crate::ntt::Ntt;
use crate::srs::Srs;
use crate::transcript::Transcript;

pub struct Proof {
    pub commitments: Vec<G1Projective>,
    pub challenges: Vec<[u8; 32]>,
}

pub struct Prover {
    n: usize,
    shift: Fr,
    bases: DeviceBuffer<G1Affine>,
    msm: MsmEngine,
    ntt: Ntt,
    transcript: Transcript,
    proofs: usize,
    pub hooks: Vec<Hook>,
}

impl Prover {
    pub fn new(cfg: &Config, srs: Srs) -> anyhow::Result<Self> {
        let staged = LockedBuffer::from_slice(&srs.bases)?;
        let bases = DeviceBuffer::from_slice(&staged)?;
        Ok(Self {
            n: cfg.domain_size,
            shift: Fr([cfg.coset_generator, 0, 0, 0]),
            bases,
            msm: MsmEngine::new(cfg.domain_size, cfg.msm.window_bits)?,
            ntt: Ntt::new(cfg.domain_size.trailing_zeros()),
            transcript: Transcript::new(b"zkmsm-plonk-v1")?,
            proofs: 0,
            hooks: Vec::new(),
        })
    }

    /// One proof per call: commit to the three wire polynomials on the coset.
    pub fn prove(&mut self, witness: &[Fr]) -> anyhow::Result<Proof> {
        let t0 = Instant::now();
        self.transcript.reset(b"zkmsm-plonk-v1");
        let mut commitments = Vec::with_capacity(3);
        let mut fill = Vec::new();
        for col in 0..3 {
            let wires = &witness[col * self.n..(col + 1) * self.n];
            let shifted = self.ntt.coset_shift(wires, self.shift)?;
            let c = self.msm.run(&self.bases, &shifted)?;
            fill.extend_from_slice(&self.msm.last_bucket_fill);
            self.transcript.absorb(&c.x[0].to_le_bytes());
            commitments.push(c);
        }
        let challenges = vec![self.transcript.challenge(), self.transcript.challenge()];
        let stats = ProofStats { proof_index: self.proofs, millis: t0.elapsed().as_millis(), bucket_fill: fill };
        for hook in &self.hooks {
            hook(&stats);
        }
        self.proofs += 1;
        Ok(Proof { commitments, challenges })
    }
}
