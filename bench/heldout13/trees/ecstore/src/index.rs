use std::collections::HashMap;
use std::sync::RwLock;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShardLoc {
    pub dir: usize,
    pub stripe: usize,
    pub shard: usize,
    pub healthy: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ObjectMeta {
    pub key: String,
    pub size: usize,
    pub shard_len: usize,
    pub stripes: usize,
    pub shards: Vec<ShardLoc>,
}

impl ObjectMeta {
    pub fn missing_shards(&self) -> Vec<&ShardLoc> {
        self.shards.iter().filter(|s| !s.healthy).collect()
    }
}

#[derive(Default)]
pub struct Index {
    objects: RwLock<HashMap<String, ObjectMeta>>,
}

impl Index {
    pub fn get(&self, key: &str) -> Option<ObjectMeta> {
        self.objects.read().unwrap().get(key).cloned()
    }

    pub fn put(&self, meta: ObjectMeta) {
        self.objects.write().unwrap().insert(meta.key.clone(), meta);
    }

    pub fn sample(&self, n: usize) -> Vec<ObjectMeta> {
        self.objects.read().unwrap().values().take(n).cloned().collect()
    }
}
