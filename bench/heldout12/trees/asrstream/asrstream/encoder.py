from __future__ import annotations

import torch


class StreamingEncoder:
    """Chunked conformer encoder; keeps one attention cache per live stream."""

    def __init__(self, cfg):
        self.model = torch.jit.load(cfg.checkpoint).cuda().eval()
        self.num_bins = cfg.num_bins
        self.vocab_size = cfg.vocab_size
        self.cache_shape = (cfg.cache_len, cfg.d_model)
        self.cache: dict[int, torch.Tensor] = {}
        self.parked: dict[int, tuple[torch.Tensor, int]] = {}
        # host side of /healthz snapshots: one slot per stream the server admits
        self._staging = torch.empty(
            (cfg.max_streams,) + self.cache_shape, dtype=torch.float16, pin_memory=True
        )
        self._host_cache = None

    def _cache_for(self, sid: int) -> torch.Tensor:
        if sid in self.cache:
            return self.cache[sid]
        if sid in self.parked:
            block, i = self.parked.pop(sid)
            return block[i].cuda(non_blocking=True)
        return torch.zeros(self.cache_shape, dtype=torch.float16, device="cuda")

    @torch.no_grad()
    def step(self, stream_ids, feats, lengths):
        caches = torch.stack([self._cache_for(s) for s in stream_ids])
        logits, new_caches = self.model(feats, lengths.cuda(), caches)
        for i, sid in enumerate(stream_ids):
            self.cache[sid] = new_caches[i]
        self._offload_idle(set(stream_ids))
        return logits.float()

    def _offload_idle(self, active):
        idle = [s for s in list(self.cache) if s not in active]
        if not idle:
            return
        if self._host_cache is None:
            self._host_cache = torch.empty(
                (len(idle),) + self.cache_shape, dtype=torch.float16, pin_memory=True
            )
        for i, sid in enumerate(idle):
            self._host_cache[i].copy_(self.cache.pop(sid), non_blocking=True)
            self.parked[sid] = (self._host_cache, i)
        # the parked views keep this block alive; the next batch sizes its own
        self._host_cache = None

    def snapshot(self) -> torch.Tensor:
        n = min(len(self.cache), self._staging.shape[0])
        for i, c in enumerate(list(self.cache.values())[:n]):
            self._staging[i].copy_(c)
        return self._staging[:n]
