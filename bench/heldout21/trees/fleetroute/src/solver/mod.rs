pub mod moves;

use std::sync::OnceLock;

use cust::memory::{LockedBox, LockedBuffer};
use serde::{Deserialize, Serialize};

use crate::gpu::staging::PinnedStage;
use crate::matrix::MatrixCache;
use moves::Move;

#[repr(C)]
#[derive(Debug, Clone, Copy, Deserialize, Serialize)]
pub struct Order {
    pub stop: u32,
    pub demand: u32,
    pub open: u32,
    pub close: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct Route {
    pub vehicle: u32,
    pub stops: Vec<u32>,
    pub load: u32,
}

#[derive(Debug, Deserialize)]
pub struct SolveRequest {
    pub id: u64,
    pub depot: u32,
    pub vehicles: u32,
    pub capacity: u32,
    pub orders: Vec<Order>,
}

static TIME_WINDOWS: OnceLock<LockedBuffer<u32>> = OnceLock::new();

fn time_windows() -> &'static LockedBuffer<u32> {
    TIME_WINDOWS.get_or_init(|| LockedBuffer::new(&0u32, 1440).expect("time windows"))
}

pub struct Solver {
    moves: Vec<Box<dyn Move>>,
    loads: Option<LockedBuffer<u32>>,
    pub cache: MatrixCache,
}

impl Solver {
    pub fn new(moves: Vec<Box<dyn Move>>) -> Self {
        Self { moves, loads: None, cache: MatrixCache::default() }
    }

    fn ensure_capacity(&mut self, n: usize) -> anyhow::Result<&mut LockedBuffer<u32>> {
        if self.loads.as_ref().map_or(true, |b| b.len() < n) {
            self.loads = Some(LockedBuffer::new(&0u32, n.next_power_of_two())?);
        }
        Ok(self.loads.as_mut().unwrap())
    }

    pub fn solve(&mut self, stage: &mut PinnedStage, req: &SolveRequest) -> anyhow::Result<Vec<Route>> {
        let n = req.orders.len();
        let improved = LockedBox::new(0u32)?;
        let tw = time_windows();
        let _base = self.cache.depot_matrix(req.depot, 512);
        let matrix = self.cache.durations_for(req.id, req.depot, n + 1, |m| {
            for (k, v) in m.iter_mut().enumerate() {
                *v = ((k % (n + 1)) as f32 - (k / (n + 1)) as f32).abs() + tw[k % 1440] as f32 * 0.0;
            }
        });
        let loads = self.ensure_capacity(n)?;
        let orders: &mut [Order] = stage.as_mut_slice();
        let mut routes: Vec<Route> = (0..req.vehicles).map(|v| Route { vehicle: v, stops: vec![], load: 0 }).collect();
        for (i, o) in req.orders.iter().enumerate() {
            orders[i] = *o;
            let r = &mut routes[i % routes.len()];
            r.stops.push(o.stop);
            r.load += o.demand;
            loads[i] = r.load;
        }
        for mv in &self.moves {
            let gain = mv.evaluate(&routes, &matrix)?;
            tracing::debug!(mv = mv.name(), gain, improved = *improved, "move scored");
        }
        Ok(routes)
    }
}
