use std::os::raw::c_void;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use bytes::Bytes;
use serde::Serialize;

use crate::cuda::{self, HostBuf};
use crate::index::{ObjectMeta, ShardLoc};
use crate::manifest::write_manifest;
use crate::{ApiError, AppState};

pub async fn put_object(
    State(st): State<Arc<AppState>>,
    Path(key): Path<String>,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let (k, m, shard_len) = (st.cfg.k, st.cfg.m, st.cfg.shard_len);
    let ptr = body.as_ptr() as *mut c_void;
    let rc = unsafe { cuda::cudaHostRegister(ptr, body.len(), 0) };
    if rc != 0 {
        return Err(ApiError::Cuda(rc));
    }
    let encoded = tokio::task::block_in_place(|| {
        let mut enc = st.encoder.lock().unwrap();
        let mut stripes = Vec::new();
        for chunk in body.chunks(k * shard_len) {
            let data: Vec<&[u8]> = chunk.chunks(shard_len).collect();
            let parity = enc.encode_stripe(&data)?;
            stripes.push((data.iter().map(|d| d.to_vec()).collect::<Vec<_>>(), parity));
        }
        Ok::<_, ApiError>(stripes)
    });
    unsafe { cuda::cudaHostUnregister(ptr) };
    let stripes = encoded?;
    let mut shards = Vec::new();
    for (si, (data, parity)) in stripes.iter().enumerate() {
        for (j, shard) in data.iter().chain(parity.iter()).enumerate() {
            let dir = (si + j) % st.cfg.data_dirs.len();
            std::fs::write(st.cfg.data_dirs[dir].join(format!("{key}.{si}.{j}")), shard)?;
            shards.push(ShardLoc { dir, stripe: si, shard: j, healthy: true });
        }
    }
    let meta = ObjectMeta { key: key.clone(), size: body.len(), shard_len, stripes: stripes.len(), shards };
    write_manifest(&st.cfg.manifest_dir, &meta)?;
    st.index.put(meta);
    let _ = m;
    Ok(StatusCode::CREATED)
}

pub async fn get_object(State(st): State<Arc<AppState>>, Path(key): Path<String>) -> Result<Vec<u8>, ApiError> {
    let meta = st.index.get(&key).ok_or_else(|| ApiError::NotFound(key.clone()))?;
    let (k, m) = (st.cfg.k, st.cfg.m);
    let mut out = Vec::with_capacity(meta.size);
    for si in 0..meta.stripes {
        let mut shards: Vec<Vec<u8>> = Vec::with_capacity(k + m);
        let mut present = Vec::with_capacity(k + m);
        for j in 0..k + m {
            let loc = &meta.shards[si * (k + m) + j];
            match std::fs::read(st.cfg.data_dirs[loc.dir].join(format!("{key}.{si}.{j}"))) {
                Ok(b) => {
                    shards.push(b);
                    present.push(1);
                }
                Err(_) => {
                    shards.push(Vec::new());
                    present.push(0);
                }
            }
        }
        if present[..k].iter().any(|&p| p == 0) {
            st.encoder.lock().unwrap().reconstruct(&mut shards, &present)?;
        }
        for s in &shards[..k] {
            out.extend_from_slice(s);
        }
    }
    out.truncate(meta.size);
    Ok(out)
}

#[derive(Serialize)]
pub struct RepairReport {
    key: String,
    rebuilt: usize,
}

pub async fn repair_object(State(st): State<Arc<AppState>>, Path(key): Path<String>) -> Result<Json<RepairReport>, ApiError> {
    let meta = st.index.get(&key).ok_or_else(|| ApiError::NotFound(key.clone()))?;
    let mut rebuilt = 0;
    for loc in meta.missing_shards() {
        let mut staging = HostBuf::new(meta.shard_len)?;
        let src = st.cfg.data_dirs[(loc.dir + 1) % st.cfg.data_dirs.len()].join(format!("{key}.{}.0", loc.stripe));
        let bytes = std::fs::read(src)?;
        let n = bytes.len().min(staging.len());
        staging.as_mut_slice()[..n].copy_from_slice(&bytes[..n]);
        std::fs::write(
            st.cfg.data_dirs[loc.dir].join(format!("{key}.{}.{}", loc.stripe, loc.shard)),
            &staging.as_slice()[..n],
        )?;
        rebuilt += 1;
    }
    Ok(Json(RepairReport { key, rebuilt }))
}
