use clap::Parser;

#[derive(Parser, Debug, Clone)]
#[command(name = "frameingest", about = "RTP/raw frame ingest into GPU memory")]
pub struct Config {
    #[arg(long, default_value = "0.0.0.0:5004")]
    pub bind: String,
    #[arg(long, default_value_t = 32)]
    pub pool_frames: usize,
    #[arg(long, default_value_t = 1920 * 1080 * 3 / 2)]
    pub frame_bytes: usize,
    #[arg(long, default_value_t = 0)]
    pub device: usize,
    #[arg(long)]
    pub shm_path: Option<String>,
    #[arg(long)]
    pub lut_path: Option<String>,
    #[arg(long, default_value_t = false)]
    pub legacy_copy: bool,
    #[arg(long, default_value_t = 64 << 20)]
    pub ring_bytes: usize,
}
