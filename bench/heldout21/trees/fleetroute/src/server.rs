use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};

use crate::gpu::registration::HostRegistration;
use crate::gpu::staging::PinnedStage;
use crate::gpu::{alloc_scratch, free_scratch, register_orders};
use crate::solver::{Order, Route, SolveRequest, Solver};

pub struct AppState {
    pub solver: Mutex<Solver>,
    pub pool: Mutex<Vec<PinnedStage>>,
    pub max_stops: usize,
    _graph: Vec<f32>,
    _graph_reg: HostRegistration,
}

impl AppState {
    pub fn new(solver: Solver, pool: Vec<PinnedStage>, mut graph: Vec<f32>, max_stops: usize) -> anyhow::Result<Self> {
        let reg = HostRegistration::new(&mut graph)?;
        Ok(Self { solver: Mutex::new(solver), pool: Mutex::new(pool), max_stops, _graph: graph, _graph_reg: reg })
    }
}

fn load_orders(orders: &[Order]) -> anyhow::Result<PinnedStage> {
    let mut stage = PinnedStage::new(std::mem::size_of_val(orders).max(4096))?;
    stage.as_mut_slice::<Order>()[..orders.len()].copy_from_slice(orders);
    Ok(stage)
}

async fn solve(State(st): State<Arc<AppState>>, Json(mut req): Json<SolveRequest>) -> Result<Json<Vec<Route>>, (StatusCode, String)> {
    let st2 = st.clone();
    let res = tokio::task::spawn_blocking(move || -> anyhow::Result<Vec<Route>> {
        let mut stage = load_orders(&req.orders)?;
        register_orders(&mut req.orders, 0)?;
        let (scratch, _) = alloc_scratch(req.orders.len() + 1, st2.max_stops)?;
        let routes = st2.solver.lock().unwrap().solve(&mut stage, &req);
        free_scratch(scratch);
        routes
    })
    .await
    .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    res.map(Json).map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))
}

pub fn router(state: Arc<AppState>) -> Router {
    Router::new().route("/solve", post(solve)).with_state(state)
}
