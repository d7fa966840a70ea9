use std::net::UdpSocket;

use anyhow::Result;
use clap::Parser;
use log::{error, info, warn};

use frameingest::config::Config;
use frameingest::decode::Decoder;
use frameingest::ingest::Ingest;
use frameingest::lut::load_lut;
use frameingest::pool::FramePool;
use frameingest::register::{register_shm, HostRegistration};
use frameingest::rtp::{self, Depacketizer};
use frameingest::stats::Stats;
use frameingest::upload::Uploader;

fn main() -> Result<()> {
    env_logger::init();
    let cfg = Config::parse();
    let _ctx = cust::quick_init()?;
    let pool = FramePool::new(cfg.pool_frames, cfg.frame_bytes)?;
    let uploader = Uploader::new(cfg.device)?;
    let decoder = Some(Decoder::new(1920, 1080)?);
    let mut ingest = Ingest::new(pool, uploader, decoder, Stats::new()?, cfg.legacy_copy);

    let ring: &'static mut [u8] = Box::leak(vec![0u8; cfg.ring_bytes].into_boxed_slice());
    let _ring_reg = HostRegistration::new(ring)?;

    let _lut = match cfg.lut_path.as_deref().map(load_lut) {
        Some(Ok(l)) => Some(l),
        Some(Err(e)) => {
            warn!("no LUT: {e}");
            None
        }
        None => None,
    };

    if let Some(path) = cfg.shm_path.as_deref() {
        let shm: &'static mut [u8] = Box::leak(vec![0u8; 16 << 20].into_boxed_slice());
        match register_shm(shm, path) {
            Ok((_reg, hdr)) => info!("shared ring: {hdr:?}"),
            Err(e) => warn!("shared ring unavailable: {e}"),
        }
    }

    let sock = UdpSocket::bind(&cfg.bind)?;
    let mut depack = Depacketizer::default();
    let mut buf = vec![0u8; 65536];
    loop {
        let (n, _) = sock.recv_from(&mut buf)?;
        let pkt = match rtp::parse(bytes::Bytes::copy_from_slice(&buf[..n])) {
            Ok(p) => p,
            Err(e) => {
                warn!("bad packet: {e}");
                continue;
            }
        };
        if let Some(frame) = depack.push(pkt) {
            if let Err(e) = ingest.handle_frame(&frame) {
                error!("frame dropped: {e}");
            }
        }
        if ingest.stats.host.frames % 1000 == 0 {
            info!("{}", ingest.stats.report());
        }
    }
}
