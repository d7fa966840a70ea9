pub mod color;
pub mod jpeg;

pub struct Image {
    pub width: u32,
    pub height: u32,
    pub channels: u32,
    pub data: Vec<u8>,
}

pub trait Stage: Send {
    fn name(&self) -> &'static str;
    fn run(&mut self, img: &mut Image) -> anyhow::Result<()>;
}

pub fn build_pipeline(names: &[&str], ctx: std::sync::Arc<cudarc::driver::CudaContext>) -> Vec<Box<dyn Stage>> {
    names
        .iter()
        .filter_map(|n| match *n {
            "rgb2ycc" => Some(Box::new(color::ColorConvert::new(ctx.clone())) as Box<dyn Stage>),
            _ => None,
        })
        .collect()
}
