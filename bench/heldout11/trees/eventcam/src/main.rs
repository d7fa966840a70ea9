mod accumulate;
mod config;
mod events;
mod filters;
mod hotpix;
mod pool;
mod recorder;

use std::net::UdpSocket;
use std::path::PathBuf;

use clap::Parser;

use crate::accumulate::Accumulator;
use crate::config::Config;
use crate::events::{decode_packet, Event};
use crate::filters::{BackgroundActivityFilter, Filter, RefractoryFilter};
use crate::hotpix::{load_hot_pixels, HotPixelMask};
use crate::pool::FramePool;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "eventcam.toml")]
    config: String,
}

struct Pipeline {
    filters: Vec<Box<dyn Filter>>,
    acc: Accumulator,
    hot: Option<HotPixelMask>,
    width: usize,
    pending: Vec<Event>,
    record_dir: Option<PathBuf>,
    seq: u64,
}

impl Pipeline {
    fn process_packet(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let decoded = decode_packet(bytes)?;
        let mut events: Vec<Event> = decoded.as_slice().to_vec();
        if let Some(hot) = &self.hot {
            let m = hot.as_slice();
            events.retain(|e| m[e.y as usize * self.width + e.x as usize] == 0);
        }
        for f in self.filters.iter_mut() {
            events = f.apply(&events)?;
        }
        let now = events.last().map(|e| e.t_us).unwrap_or(0);
        self.acc.accumulate(&events, now)?;
        self.pending.extend_from_slice(&events);
        if let Some(dir) = &self.record_dir {
            if self.pending.len() > 1 << 20 {
                recorder::write_segment(dir, self.seq, &mut self.pending)?;
                self.pending.clear();
                self.seq += 1;
            }
        }
        Ok(())
    }
}

fn main() -> anyhow::Result<()> {
    env_logger::init();
    let args = Args::parse();
    let cfg = Config::load(&args.config)?;
    let _ctx = cust::quick_init()?;
    let mut pool = FramePool::new(cfg.pool_depth, 65_536)?;
    let hot = match &cfg.hot_pixels {
        Some(p) => Some(load_hot_pixels(p, cfg.width, cfg.height)?),
        None => None,
    };
    let filters: Vec<Box<dyn Filter>> = vec![
        Box::new(RefractoryFilter { period_us: cfg.refractory_us, last: vec![i64::MIN / 2; cfg.width * cfg.height], width: cfg.width }),
        Box::new(BackgroundActivityFilter {
            window_us: cfg.baf_window_us,
            width: cfg.width,
            height: cfg.height,
            stamps: vec![i64::MIN / 2; cfg.width * cfg.height],
        }),
    ];
    let mut pipe = Pipeline {
        filters,
        acc: Accumulator::new(cfg.width, cfg.height, cfg.tau_us)?,
        hot,
        width: cfg.width,
        pending: Vec::new(),
        record_dir: cfg.record_dir.clone().map(PathBuf::from),
        seq: 0,
    };
    let sock = UdpSocket::bind(&cfg.listen)?;
    let (tx, rx) = crossbeam_channel::bounded::<Vec<u8>>(64);
    std::thread::spawn(move || loop {
        let slot = pool.next_slot();
        match sock.recv(slot.as_mut_slice()) {
            Ok(n) => {
                if tx.send(slot.as_slice()[..n].to_vec()).is_err() {
                    break;
                }
            }
            Err(e) => {
                log::error!("recv: {e}");
                break;
            }
        }
    });
    for packet in rx {
        pipe.process_packet(&packet)?;
    }
    if let Some(dir) = &pipe.record_dir {
        recorder::flush_segment(dir, &mut pipe.pending)?;
    }
    Ok(())
}
