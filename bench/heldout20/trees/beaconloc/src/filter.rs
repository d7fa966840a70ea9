use std::path::Path;

use cust::memory::{AsyncCopyDestination, CopyDestination, DeviceBuffer, LockedBox, LockedBuffer};
use cust::module::Module;
use cust::stream::Stream;

use crate::fingerprint;
use crate::host::HostStage;
use crate::motion::{ImuSample, MotionModel};
use crate::resample;
use crate::{Particle, PoseEstimate, Reading};

#[derive(Clone, Copy, Debug, Default, cust::DeviceCopy)]
#[repr(C)]
pub struct FilterState {
    pub updates: u64,
    pub last_ess: f32,
    pub floor_votes: [u32; 8],
}

pub struct RssiScan {
    pub t: f64,
    pub readings: Vec<Reading>,
}

pub struct ParticleFilter {
    particles: Vec<Particle>,
    dev_particles: DeviceBuffer<Particle>,
    dev_idx: DeviceBuffer<u32>,
    weights: LockedBuffer<f32>,
    state: LockedBox<FilterState>,
    beacons: LockedBuffer<[f32; 3]>,
    walls: DeviceBuffer<crate::map::Segment>,
    models: Vec<Box<dyn MotionModel>>,
    module: Module,
    stream: Stream,
    map_width: usize,
    seed: u32,
}

impl ParticleFilter {
    pub fn new(
        n: usize,
        models: Vec<Box<dyn MotionModel>>,
        beacons: LockedBuffer<[f32; 3]>,
        walls: DeviceBuffer<crate::map::Segment>,
        kernels: &Path,
        stream: Stream,
        map_width: usize,
    ) -> anyhow::Result<Self> {
        let particles = vec![Particle::default(); n];
        Ok(Self {
            dev_particles: DeviceBuffer::from_slice(&particles)?,
            dev_idx: DeviceBuffer::zeroed(n)?,
            particles,
            weights: LockedBuffer::new(&0.0f32, n)?,
            state: LockedBox::new(&FilterState::default())?,
            beacons,
            walls,
            models,
            module: Module::from_file(kernels)?,
            stream,
            map_width,
            seed: 0x9e37_79b9,
        })
    }

    pub fn particles(&self) -> &DeviceBuffer<Particle> {
        &self.dev_particles
    }

    fn ensure_capacity(&mut self, need: usize) -> anyhow::Result<()> {
        if need > self.weights.len() {
            self.weights = LockedBuffer::new(&0.0f32, need.next_power_of_two())?;
        }
        Ok(())
    }

    pub fn predict(&mut self, imu: &[ImuSample]) -> anyhow::Result<()> {
        for model in self.models.iter_mut() {
            model.predict(&mut self.particles, imu, &self.stream)?;
        }
        Ok(())
    }

    fn weigh_rssi(&mut self, scan: &RssiScan) -> anyhow::Result<()> {
        let n_beacons = self.beacons.len();
        let bytes = (scan.readings.len() * std::mem::size_of::<Reading>()).max(64);
        let mut stage = HostStage::new(bytes)?;
        let readings = stage.as_mut_slice::<Reading>();
        readings[..scan.readings.len()].copy_from_slice(&scan.readings);
        let map = fingerprint::radio_map(Path::new("maps/radio.f32"));
        for (i, p) in self.particles.iter().enumerate() {
            let mut ll = 0.0f32;
            for r in &readings[..scan.readings.len()] {
                let b = (r.beacon as usize).min(n_beacons.saturating_sub(1));
                let mu = fingerprint::expected_rssi(map, n_beacons, p.x, p.y, self.map_width, b);
                ll -= (r.rssi_dbm - mu).powi(2) / (2.0 * 36.0);
            }
            self.weights[i] = ll.exp();
        }
        Ok(())
    }

    pub fn update(&mut self, scan: &RssiScan) -> anyhow::Result<PoseEstimate> {
        let n = self.particles.len();
        self.ensure_capacity(n)?;
        self.weigh_rssi(scan)?;
        self.seed = self.seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let u0 = (self.seed >> 8) as f32 / (1u32 << 24) as f32;
        let idx = resample::systematic_resample(&self.weights[..n], u0, &mut self.dev_idx, &self.stream)?;
        let old = self.particles.clone();
        for (dst, &i) in self.particles.iter_mut().zip(idx.iter()) {
            *dst = old[i as usize];
        }
        unsafe { self.dev_particles.async_copy_from(&self.particles[..], &self.stream)? };
        self.stream.synchronize()?;
        self.state.updates += 1;
        Ok(self.estimate())
    }

    fn estimate(&self) -> PoseEstimate {
        let n = self.particles.len().max(1) as f32;
        let (sx, sy) = self.particles.iter().fold((0.0, 0.0), |(a, b), p| (a + p.x, b + p.y));
        let (mx, my) = (sx / n, sy / n);
        let mut cov = [0.0f32; 4];
        for p in &self.particles {
            let (dx, dy) = (p.x - mx, p.y - my);
            cov[0] += dx * dx / n;
            cov[1] += dx * dy / n;
            cov[3] += dy * dy / n;
        }
        cov[2] = cov[1];
        PoseEstimate { x: mx, y: my, floor: self.particles[0].floor, cov, effective_n: self.state.last_ess }
    }

    /// Copies the device-side floor votes into the reply box the caller owns.
    pub fn publish(&self, reply: &mut LockedBox<PoseEstimate>) -> anyhow::Result<()> {
        let mut votes = [0u32; 8];
        for p in &self.particles {
            votes[(p.floor as usize).min(7)] += 1;
        }
        let best = votes.iter().enumerate().max_by_key(|(_, v)| **v).map(|(f, _)| f as u32).unwrap_or(0);
        reply.floor = best;
        Ok(())
    }

    pub fn download(&self, out: &mut [Particle]) -> anyhow::Result<()> {
        self.dev_particles.copy_to(out)?;
        Ok(())
    }
}

pub fn normalise(w: &mut [f32]) {
    let s: f32 = w.iter().sum();
    if s > 0.0 {
        w.iter_mut().for_each(|x| *x /= s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_normalise_to_one() {
        let _ctx = cust::quick_init().unwrap();
        let mut w = LockedBuffer::new(&1.0f32, 1000).unwrap();
        normalise(&mut w);
        let s: f32 = w.iter().sum();
        assert!((s - 1.0).abs() < 1e-4);
    }
}
