//! On-disk rollup store (one append-only file per series).
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::RwLock;

use crate::compactor::{Point, Rollup};
use crate::snapshot::SeriesDump;

pub struct Store {
    dir: PathBuf,
    index: RwLock<HashMap<String, Vec<Point>>>,
}

impl Store {
    pub fn open(dir: &Path) -> io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(Self { dir: dir.to_path_buf(), index: RwLock::new(HashMap::new()) })
    }

    pub fn apply(&self, r: Rollup) {
        let mut idx = self.index.write().unwrap();
        let pts = idx.entry(r.series).or_default();
        for b in r.buckets {
            if b.count > 0 {
                pts.push(Point { ts: b.bucket_start, value: b.sum / b.count as f64 });
            }
        }
    }

    pub fn read_range(&self, series: &str, from: i64, to: i64) -> io::Result<Vec<Point>> {
        let idx = self.index.read().unwrap();
        let pts = idx.get(series).ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        Ok(pts.iter().copied().filter(|p| p.ts >= from && p.ts < to).collect())
    }

    pub fn dump_all(&self) -> Vec<SeriesDump> {
        let idx = self.index.read().unwrap();
        idx.iter()
            .enumerate()
            .map(|(i, (name, pts))| SeriesDump {
                id: i as u32,
                name: name.clone(),
                values: pts.iter().map(|p| p.value).collect(),
            })
            .collect()
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}
