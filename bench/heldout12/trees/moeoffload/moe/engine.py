from __future__ import annotations

import torch
import torch.nn.functional as F

from . import ops
from .expert_store import ExpertStore
from .kv_offload import KVOffloader
from .prefetcher import Prefetcher
from .router import expert_histogram, predict_next


class InferenceEngine:
    def __init__(self, cfg, store: ExpertStore, dense: dict):
        self.cfg = cfg
        self.store = store
        self.dense = dense  # attention, norms, router and embedding weights, resident on the GPU
        self.kv = KVOffloader()
        self.prefetcher = Prefetcher(store, cfg.prefetch_depth)
        self.prefetcher.start()
        self.logits_host = torch.empty((cfg.max_batch, cfg.vocab), dtype=torch.float32, pin_memory=True)
        self.host_cache = ops.host_cache(cfg.host_slots, cfg.expert_bytes)
        self.io_buffers: list[torch.Tensor] = []

    def register_io_buffers(self, bufs: list[torch.Tensor]) -> None:
        self.io_buffers = bufs

    def moe_layer(self, layer: int, x: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:
        topk = router_logits.topk(self.cfg.top_k, dim=-1)
        weights = topk.values.softmax(-1)
        order = topk.indices.flatten().argsort()
        offsets = ops.expert_offsets(topk.indices, self.cfg.n_experts)
        tokens = x.repeat_interleave(self.cfg.top_k, 0)[order]
        out = torch.zeros_like(tokens)
        for e in range(self.cfg.n_experts):
            lo, hi = int(offsets[e]), int(offsets[e + 1])
            if hi == lo:
                continue
            w1, w3, w2 = self.store.fetch(layer, e).unbind(0)
            h = tokens[lo:hi]
            out[lo:hi] = (F.silu(h @ w1) * (h @ w3)) @ w2.T
        unsorted = torch.empty_like(out)
        unsorted[order] = out
        return (unsorted.view(x.shape[0], self.cfg.top_k, -1) * weights[..., None]).sum(1)

    @torch.no_grad()
    def step(self, x: torch.Tensor) -> torch.Tensor:
        router_logits = []
        for layer in range(self.cfg.n_layers):
            x = x + self.dense[f"attn.{layer}"](x)
            logits = x @ self.dense[f"router.{layer}"].T
            router_logits.append(logits)
            x = x + self.moe_layer(layer, x, logits)
        counts = expert_histogram(router_logits, self.cfg.n_experts, self.cfg.top_k)
        for layer in range(self.cfg.n_layers):
            self.prefetcher.hint(layer + 1, predict_next(counts, layer, self.cfg.top_k))
        return x @ self.dense["lm_head"].T

    @torch.no_grad()
    def generate(self, prompt: torch.Tensor, max_new_tokens: int, long_context: bool = False) -> list[int]:
        x = self.dense["embed"][prompt.cuda()]
        try:
            if long_context:
                kv = [self.dense[f"attn.{l}"].prefill_kv(x) for l in range(self.cfg.n_layers)]
                self.kv.offload(kv)
            out = []
            for _ in range(max_new_tokens):
                logits = self.step(x[-1:])
                b = logits.shape[0]
                self.logits_host[:b].copy_(logits, non_blocking=True)
                torch.cuda.current_stream().synchronize()
                tok = int(self.logits_host[0].argmax())
                out.append(tok)
                x = torch.cat([x, self.dense["embed"][tok][None]])
            return out
        finally:
            self.kv.reset()
