use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct AuditConfig {
    pub hashlist: String,
    pub wordlist: String,
    #[serde(default = "default_batch")]
    pub batch: usize,
    #[serde(default = "default_slots")]
    pub staging_slots: usize,
    #[serde(default)]
    pub kernels: Vec<String>,
    #[serde(default)]
    pub rules: Vec<String>,
    #[serde(default = "default_listen")]
    pub listen: String,
    pub potfile: String,
}

fn default_batch() -> usize { 1 << 20 }
fn default_slots() -> usize { 3 }
fn default_listen() -> String { "127.0.0.1:7441".into() }

impl AuditConfig {
    pub fn load(path: &str) -> anyhow::Result<Self> {
        Ok(toml::from_str(&std::fs::read_to_string(path)?)?)
    }
}
