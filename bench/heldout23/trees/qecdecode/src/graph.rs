//! The matching graph of a rotated surface code memory experiment (distance d, d rounds).
use std::sync::OnceLock;

use cust::memory::LockedBuffer;

#[derive(Debug, Clone)]
pub struct MatchingGraph {
    pub distance: usize,
    pub rounds: usize,
    pub n_detectors: usize,
    pub n_data: usize,
    pub max_degree: usize,
    /// adjacency, n_detectors x max_degree, -1 padded (edge ids; ids < n_data are data qubits)
    pub adjacency: Vec<i32>,
    pub weights: Vec<f32>,
}

impl MatchingGraph {
    pub fn rotated_memory(distance: usize, rounds: usize, p: f64) -> Self {
        let n_data = distance * distance;
        let per_round = (distance * distance - 1) / 2;
        let n_detectors = per_round * rounds;
        let max_degree = 6;
        let mut adjacency = vec![-1i32; n_detectors * max_degree];
        for det in 0..n_detectors {
            let s = det % per_round;
            let r = det / per_round;
            let row = s / ((distance - 1) / 2 + 1);
            let col = s % ((distance - 1) / 2 + 1);
            let base = (row * distance + 2 * col) as i32;
            let nb = [base, base + 1, base + distance as i32, base + distance as i32 + 1];
            for (k, q) in nb.iter().enumerate() {
                if (*q as usize) < n_data {
                    adjacency[det * max_degree + k] = *q;
                }
            }
            if r + 1 < rounds {
                adjacency[det * max_degree + 4] = (n_data + det) as i32;
            }
            if r > 0 {
                adjacency[det * max_degree + 5] = (n_data + det - per_round) as i32;
            }
        }
        let w = (-(p / (1.0 - p)).ln()) as f32;
        let weights = vec![w; n_data + n_detectors];
        Self { distance, rounds, n_detectors, n_data, max_degree, adjacency, weights }
    }
}

static DEFAULT_WEIGHTS: OnceLock<LockedBuffer<f32>> = OnceLock::new();

/// Page-locked copy of the default (uniform-noise) edge weights, shared by every decoder.
pub fn default_weights(g: &MatchingGraph) -> &'static LockedBuffer<f32> {
    DEFAULT_WEIGHTS.get_or_init(|| LockedBuffer::from_slice(&g.weights).expect("pin default edge weights"))
}
