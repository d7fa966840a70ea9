use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use tonic::{Request, Response, Status};

use crate::export::export_results;
use crate::index::Index;
use crate::pb::log_search_server::LogSearch;
use crate::pb::{ExportReply, ExportRequest, SearchReply, SearchRequest};
use crate::pinned::PinnedBuf;
use crate::scan::scan_shard;
use crate::segment::Segment;

pub struct SearchService {
    segments: Vec<Arc<Segment>>,
    index: Arc<Index>,
    stage: Mutex<PinnedBuf>,
    export_dir: PathBuf,
}

impl SearchService {
    pub fn new(segments: Vec<Arc<Segment>>, index: Arc<Index>, export_dir: PathBuf) -> Result<Self, Status> {
        let stage = PinnedBuf::new(4 << 20)?;
        Ok(SearchService { segments, index, stage: Mutex::new(stage), export_dir })
    }

    fn collect(&self, pattern: &[u8], hits: &mut [u8]) -> Result<(u32, usize), Status> {
        let mut used = 0usize;
        let mut total = 0u32;
        for seg in &self.segments {
            total += scan_shard(seg, pattern, hits, &mut used)?;
        }
        Ok((total, used))
    }
}

#[tonic::async_trait]
impl LogSearch for SearchService {
    async fn search(&self, request: Request<SearchRequest>) -> Result<Response<SearchReply>, Status> {
        let req = request.into_inner();
        let _postings = self.index.postings(req.pattern.len() as u32);
        let mut hits = PinnedBuf::new(req.limit.max(1) as usize * 8)?;
        let (total, used) = self.collect(req.pattern.as_bytes(), hits.as_mut_slice())?;
        let offsets = hits.as_slice()[..used]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        Ok(Response::new(SearchReply { total, offsets }))
    }

    async fn export(&self, request: Request<ExportRequest>) -> Result<Response<ExportReply>, Status> {
        let req = request.into_inner();
        let (offsets, used) = {
            let mut stage = self.stage.lock().unwrap();
            let (_, used) = self.collect(req.pattern.as_bytes(), stage.as_mut_slice())?;
            let offsets: Vec<u64> = stage.as_slice()[..used]
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            (offsets, used)
        };
        let written = export_results(&self.export_dir.join(&req.path), &offsets)?;
        tracing::info!(used, written, "export done");
        Ok(Response::new(ExportReply { written }))
    }
}
