use cust::memory::{AsyncCopyDestination, DeviceBuffer, LockedBuffer};
use cust::stream::Stream;

use crate::Particle;

#[derive(Clone, Copy, Debug)]
pub struct ImuSample {
    pub t: f64,
    pub acc_norm: f32,
    pub yaw_rate: f32,
}

pub trait MotionModel: Send {
    fn name(&self) -> &'static str;
    fn predict(&mut self, particles: &mut [Particle], imu: &[ImuSample], stream: &Stream) -> anyhow::Result<()>;
}

/// Step detection on the acceleration norm, then a stride of fixed length along the heading.
pub struct PedestrianDeadReckoning {
    step_len: f32,
    threshold: f32,
    strides: DeviceBuffer<[f32; 2]>,
}

impl PedestrianDeadReckoning {
    pub fn new(step_len: f32) -> anyhow::Result<Self> {
        Ok(Self { step_len, threshold: 11.2, strides: DeviceBuffer::zeroed(256)? })
    }

    fn detect(&self, imu: &[ImuSample]) -> Vec<[f32; 2]> {
        let mut out = Vec::new();
        let mut heading = 0.0f32;
        let mut above = false;
        for w in imu.windows(2) {
            heading += w[1].yaw_rate * (w[1].t - w[0].t) as f32;
            let now = w[1].acc_norm > self.threshold;
            if now && !above {
                out.push([self.step_len, heading]);
            }
            above = now;
        }
        out
    }
}

impl MotionModel for PedestrianDeadReckoning {
    fn name(&self) -> &'static str {
        "pdr"
    }

    fn predict(&mut self, particles: &mut [Particle], imu: &[ImuSample], stream: &Stream) -> anyhow::Result<()> {
        let strides = self.detect(imu);
        if strides.is_empty() {
            return Ok(());
        }
        let host = LockedBuffer::from_slice(&strides)?;
        let n = strides.len().min(self.strides.len());
        unsafe { self.strides.index(..n).async_copy_from(&host[..n], stream)? };
        stream.synchronize()?;
        for p in particles.iter_mut() {
            for s in &host[..n] {
                p.x += s[0] * (p.heading + s[1]).cos();
                p.y += s[0] * (p.heading + s[1]).sin();
            }
        }
        Ok(())
    }
}

pub struct ConstantVelocity {
    sigma: f32,
}

impl MotionModel for ConstantVelocity {
    fn name(&self) -> &'static str {
        "constant_velocity"
    }

    fn predict(&mut self, particles: &mut [Particle], imu: &[ImuSample], _stream: &Stream) -> anyhow::Result<()> {
        let dt = match (imu.first(), imu.last()) {
            (Some(a), Some(b)) => (b.t - a.t) as f32,
            _ => return Ok(()),
        };
        for (i, p) in particles.iter_mut().enumerate() {
            let jitter = ((i as f32 * 12.9898).sin() * 43758.547).fract() - 0.5;
            p.heading += jitter * self.sigma * dt;
        }
        Ok(())
    }
}

pub fn build(names: &[String]) -> anyhow::Result<Vec<Box<dyn MotionModel>>> {
    names
        .iter()
        .map(|n| -> anyhow::Result<Box<dyn MotionModel>> {
            match n.as_str() {
                "pdr" => Ok(Box::new(PedestrianDeadReckoning::new(0.72)?)),
                "constant_velocity" => Ok(Box::new(ConstantVelocity { sigma: 0.3 })),
                other => anyhow::bail!("unknown motion model {other:?}"),
            }
        })
        .collect()
}
