use std::collections::HashMap;
use std::sync::Mutex;

use cust::memory::LockedBuffer;

/// Travel-time matrices staged in pinned memory for the scoring kernels.
#[derive(Default)]
pub struct MatrixCache {
    by_request: Mutex<HashMap<(u64, u32, usize), LockedBuffer<f32>>>,
    by_depot: Mutex<HashMap<u32, LockedBuffer<f32>>>,
}

impl MatrixCache {
    pub fn durations_for(&self, request_id: u64, depot: u32, n: usize, fill: impl Fn(&mut [f32])) -> Vec<f32> {
        let mut map = self.by_request.lock().unwrap();
        let buf = map
            .entry((request_id, depot, n))
            .or_insert_with(|| LockedBuffer::new(&0.0f32, n * n).expect("pinned matrix"));
        fill(buf.as_mut_slice());
        buf.as_slice().to_vec()
    }

    pub fn depot_matrix(&self, depot: u32, n_sites: usize) -> Vec<f32> {
        let mut map = self.by_depot.lock().unwrap();
        let buf = map
            .entry(depot)
            .or_insert_with(|| LockedBuffer::new(&0.0f32, n_sites * n_sites).expect("pinned matrix"));
        buf.as_slice().to_vec()
    }
}
