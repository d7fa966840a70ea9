use cust::launch;
use cust::memory::{CopyDestination, DeviceBuffer, LockedBuffer};
use cust::module::Module;
use cust::stream::{Stream, StreamFlags};

use crate::events::Event;

static PTX: &str = include_str!(concat!(env!("OUT_DIR"), "/accumulate.ptx"));

pub fn make_surface_staging(pixels: usize) -> cust::error::CudaResult<LockedBuffer<f32>> {
    LockedBuffer::new(&0.0f32, pixels)
}

pub struct Accumulator {
    module: Module,
    stream: Stream,
    width: usize,
    height: usize,
    tau_us: f32,
    surface: DeviceBuffer<f32>,
    staging: LockedBuffer<f32>,
    rect: Option<LockedBuffer<f32>>,
    d_rect: Option<DeviceBuffer<f32>>,
    pub last_frame: Vec<f32>,
}

impl Accumulator {
    pub fn new(width: usize, height: usize, tau_us: f32) -> anyhow::Result<Self> {
        let module = Module::from_ptx(PTX, &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        Ok(Self {
            module,
            stream,
            width,
            height,
            tau_us,
            surface: DeviceBuffer::zeroed(width * height)?,
            staging: LockedBuffer::new(&0.0f32, width * height)?,
            rect: None,
            d_rect: None,
            last_frame: vec![0.0; width * height],
        })
    }

    fn rectify_map(&mut self) -> anyhow::Result<&DeviceBuffer<f32>> {
        if self.rect.is_none() {
            let n = self.width * self.height;
            let map: Vec<f32> = (0..n).map(|i| i as f32).collect();
            let pinned = LockedBuffer::from_slice(&map)?;
            self.d_rect = Some(DeviceBuffer::from_slice(pinned.as_slice())?);
            self.rect = Some(pinned);
        }
        Ok(self.d_rect.as_ref().unwrap())
    }

    pub fn accumulate(&mut self, events: &[Event], now_us: i64) -> anyhow::Result<()> {
        if events.is_empty() {
            return Ok(());
        }
        let d_events = DeviceBuffer::from_slice(events)?;
        let (w, tau) = (self.width as i32, self.tau_us);
        let n = events.len() as i32;
        let rect_ptr = self.rectify_map()?.as_device_ptr();
        let func = self.module.get_function("time_surface")?;
        let stream = &self.stream;
        let surface_ptr = self.surface.as_device_ptr();
        unsafe {
            launch!(func<<<((n + 255) / 256) as u32, 256, 0, stream>>>(
                d_events.as_device_ptr(), n, w, tau, now_us, rect_ptr, surface_ptr
            ))?;
        }
        self.stream.synchronize()?;
        let mut snapshot = make_surface_staging(self.width * self.height)?;
        self.surface.copy_to(snapshot.as_mut_slice())?;
        self.staging.as_mut_slice().copy_from_slice(snapshot.as_slice());
        self.last_frame.copy_from_slice(self.staging.as_slice());
        Ok(())
    }
}
