use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct FilterSpec {
    pub name: String,
    #[serde(default)]
    pub width: Option<u32>,
    #[serde(default)]
    pub height: Option<u32>,
    #[serde(default)]
    pub text: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorkerConfig {
    pub nats_url: String,
    pub subject: String,
    pub workers: usize,
    pub width: u32,
    pub height: u32,
    pub decode_depth: usize,
    pub keyframe_interval: u64,
    pub thumb_width: u32,
    pub filters: Vec<FilterSpec>,
    pub ptx: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Job {
    pub id: String,
    pub input: String,
    pub output: String,
    pub bitrate_kbps: u32,
    pub manifest: String,
}

impl WorkerConfig {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
