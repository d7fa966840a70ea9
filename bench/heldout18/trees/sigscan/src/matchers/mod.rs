pub mod aho;
pub mod entropy;
pub mod yara;

#[derive(Debug, Clone, serde::Serialize)]
pub struct Hit {
    pub rule: String,
    pub offset: usize,
}

pub trait Matcher {
    fn name(&self) -> &str;
    fn scan(&mut self, data: &[u8]) -> anyhow::Result<Vec<Hit>>;
}
