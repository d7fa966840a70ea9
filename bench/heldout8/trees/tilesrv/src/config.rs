#[derive(Clone, Debug)]
pub struct Config {
    pub bind: String,
    pub tile_size: usize,
    pub slots: usize,
    pub style_path: String,
}

impl Config {
    pub fn from_env() -> Self {
        Config {
            bind: std::env::var("TILESRV_BIND").unwrap_or_else(|_| "0.0.0.0:8088".into()),
            tile_size: std::env::var("TILESRV_TILE").ok().and_then(|v| v.parse().ok()).unwrap_or(256),
            slots: std::env::var("TILESRV_SLOTS").ok().and_then(|v| v.parse().ok()).unwrap_or(8),
            style_path: std::env::var("TILESRV_STYLE").unwrap_or_else(|_| "style.json".into()),
        }
    }
}
