//! One worker thread: owns a CUDA context, a frame pool, the filters and an encoder for its lifetime.
use std::path::Path;

use anyhow::{Context as _, Result};
use cust::context::Context;
use cust::memory::DeviceBuffer;
use cust::module::Module;
use cust::stream::{Stream, StreamFlags};
use tracing::info;

use crate::config::{Job, WorkerConfig};
use crate::decode::{Decoder, FramePool};
use crate::encode::Encoder;
use crate::filters::{self, DeviceFrame, Filter};
use crate::manifest::{write_manifest, Segment};
use crate::thumbnails::{snapshot, sprite_sheet};

pub struct Worker {
    _ctx: Context,
    cfg: WorkerConfig,
    module: Module,
    stream: Stream,
    pool: FramePool,
    filters: Vec<Box<dyn Filter>>,
    encoder: Encoder,
}

impl Worker {
    pub fn new(cfg: &WorkerConfig) -> Result<Self> {
        let ctx = cust::quick_init()?;
        let module = Module::from_ptx(std::fs::read_to_string(&cfg.ptx)?, &[])?;
        let stream = Stream::new(StreamFlags::NON_BLOCKING, None)?;
        let pool = FramePool::new(cfg.width, cfg.height, cfg.decode_depth)?;
        let filters = cfg
            .filters
            .iter()
            .map(|spec| filters::build(spec, cfg.width, cfg.height))
            .collect::<Result<Vec<_>>>()?;
        let encoder = Encoder::new(pool.frame_bytes())?;
        Ok(Self { _ctx: ctx, cfg: cfg.clone(), module, stream, pool, filters, encoder })
    }

    pub fn run_job(&mut self, job: &Job) -> Result<()> {
        let (w, h) = (self.cfg.width, self.cfg.height);
        self.encoder.begin(&job.output, w, h, job.bitrate_kbps)?;
        let mut decoder = Decoder::open(&job.input, w, h, &mut self.pool)?;
        let mut thumbs = Vec::new();
        let mut segments = vec![Segment { index: 0, start_pts: 0, frames: 0 }];
        let mut idx: u64 = 0;
        while let Some(host) = decoder.next_frame()? {
            let mut frame = DeviceFrame {
                data: DeviceBuffer::from_slice(host.as_slice())?,
                width: w,
                height: h,
                pts: idx * 1000 / 30,
            };
            for f in self.filters.iter_mut() {
                f.apply(&mut frame, &self.module, &self.stream).with_context(|| format!("filter {}", f.name()))?;
            }
            if idx % self.cfg.keyframe_interval == 0 {
                thumbs.push(snapshot(&frame)?);
                segments.push(Segment { index: segments.len() as u32, start_pts: frame.pts, frames: 0 });
            }
            segments.last_mut().unwrap().frames += 1;
            self.encoder.push(&frame.data)?;
            idx += 1;
        }
        drop(decoder);
        self.encoder.finish()?;
        sprite_sheet(&thumbs, self.cfg.thumb_width, &format!("{}.sprite.jpg", job.output))?;
        write_manifest(Path::new(&job.manifest), &job.id, &segments)?;
        info!(job = %job.id, frames = idx, "job done");
        Ok(())
    }
}
