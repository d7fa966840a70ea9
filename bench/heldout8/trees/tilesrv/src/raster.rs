use cust::error::CudaResult;
use cust::memory::{DeviceBuffer, LockedBuffer};

pub struct Layer {
    pub name: String,
    pub features: Vec<[f32; 2]>,
}

pub fn rasterize_layers(layers: &[Layer], tile: usize) -> CudaResult<Vec<f32>> {
    let mut acc = vec![0.0f32; tile * tile];
    for layer in layers {
        let mut buf = LockedBuffer::<f32>::zeroed(tile * tile)?;
        for p in &layer.features {
            let (px, py) = ((p[0] * tile as f32) as usize, (p[1] * tile as f32) as usize);
            if px < tile && py < tile {
                buf[py * tile + px] += 1.0;
            }
        }
        let dev = DeviceBuffer::from_slice(&buf)?;
        dev.copy_to(&mut buf)?;
        for (a, b) in acc.iter_mut().zip(buf.iter()) {
            *a += *b;
        }
    }
    Ok(acc)
}
