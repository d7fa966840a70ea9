"""Inference engine for MoE models whose experts live in host memory."""
import torch

from .config import OffloadConfig
from .store import ExpertStore
from .prefetch import ExpertPrefetcher
from .moe_layer import OffloadedMoE
from .policy import DropPolicy, WritebackPolicy

torch.ops.load_library("build/libmoe_offload_ops.so")


class Engine:
    def __init__(self, cfg: OffloadConfig, state_dict, device="cuda:0", online_update=False):
        self.cfg = cfg
        self.device = torch.device(device)
        self.store = ExpertStore(cfg, state_dict)
        self.prefetcher = ExpertPrefetcher(self.store, cfg, self.device)
        if online_update:
            self.policy = WritebackPolicy(cfg.gpu_expert_slots, self.prefetcher.gpu_slots, self.store)
        else:
            self.policy = DropPolicy(cfg.gpu_expert_slots)
        self.layers = [OffloadedMoE(i, cfg, self.prefetcher, self.policy).to(self.device) for i in cfg.layers]
        self.counters = torch.ops.moe.pinned_workspace(cfg.num_experts * len(cfg.layers))
        self._probe = None
        self.per_batch_init(cfg.max_batch_tokens)

    def per_batch_init(self, max_tokens):
        """Sized for the largest batch once; every step slices it."""
        self.token_host = torch.empty(max_tokens, dtype=torch.int64, pin_memory=True)

    def warmup(self, x):
        for step in range(3):
            if step == 0:
                self._probe = torch.zeros(x.shape, dtype=x.dtype, pin_memory=True)
            self._probe.copy_(x)
            self.forward(self._probe.to(self.device, non_blocking=True))

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return x

    @torch.inference_mode()
    def generate(self, x, steps, cpu_rows=None):
        outs = []
        for step in range(steps):
            x = self.forward(x)
            ids = x.argmax(-1).flatten()
            self.token_host[: ids.numel()].copy_(ids, non_blocking=True)
            if cpu_rows is not None:
                outs.append(torch.ops.moe.gather_to_host(x, cpu_rows))
            if step % self.cfg.stats_every == 0:
                counts = torch.bincount(ids, minlength=self.cfg.num_experts)
                torch.ops.moe.dump_router_stats(counts, self.cfg.stats_path)
        return x, outs


def serve(cfg, state_dict, requests):
    engine = Engine(cfg, state_dict, online_update=cfg.online_update)
    first = True
    for req in requests:
        if first:
            engine.warmup(req.prompt_embeds)
            first = False
        yield engine.generate(req.prompt_embeds.to(engine.device), req.max_new_tokens, req.cpu_rows)
