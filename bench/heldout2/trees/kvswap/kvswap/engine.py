"""Minimal continuous-batching engine with CPU swap for preempted sequences."""
from __future__ import annotations

import logging

import torch

from . import _C
from .block_pool import HostBlockPool
from .config import CacheConfig
from .sampler import Sampler

log = logging.getLogger(__name__)


class LLMEngine:
    def __init__(self, model, cfg: CacheConfig, scheduler, device: str = "cuda"):
        self.model = model
        self.cfg = cfg
        self.device = torch.device(device)
        self.scheduler = scheduler
        self.sampler = Sampler(cfg)
        self.host_pool = HostBlockPool(cfg)
        self.gpu_cache = torch.empty(
            (cfg.num_gpu_blocks, cfg.block_numel), dtype=cfg.dtype, device=self.device
        )
        # spill area for evicted prefix-cache blocks
        self.spill = _C.alloc_swap_space(cfg.num_cpu_blocks // 4, cfg.block_numel)
        self._positions_host = None

    # -- input preparation ------------------------------------------------

    def _positions_buffer(self, n: int) -> torch.Tensor:
        buf = self._positions_host
        if buf is None or buf.numel() < n:
            cap = max(n, 2 * (buf.numel() if buf is not None else 256))
            buf = torch.empty(cap, dtype=torch.int64, pin_memory=True)
            self._positions_host = buf
        return buf[:n]

    def prepare_inputs(self, seqs):
        bs = self.cfg.block_size
        tokens, positions, slots = [], [], []
        for s in seqs:
            start = s.num_computed
            for j, tok in enumerate(s.pending_tokens()):
                pos = start + j
                tokens.append(tok)
                positions.append(pos)
                slots.append(s.block_table[pos // bs] * bs + pos % bs)

        pos_host = self._positions_buffer(len(tokens))
        pos_host.copy_(torch.as_tensor(positions, dtype=torch.int64))
        slot_mapping = torch.tensor(slots, dtype=torch.int64).pin_memory()
        tok_dev = torch.tensor(tokens, dtype=torch.int64).to(self.device, non_blocking=True)
        return (
            tok_dev,
            pos_host.to(self.device, non_blocking=True),
            slot_mapping.to(self.device, non_blocking=True),
        )

    # -- swapping -----------------------------------------------------------

    def _swap_out(self, group) -> None:
        for gpu_idx in group.block_table:
            cpu_idx = self.host_pool.allocate()
            self.host_pool[cpu_idx].view(-1).copy_(self.gpu_cache[gpu_idx], non_blocking=True)
            group.cpu_blocks.append(cpu_idx)
            self.scheduler.block_manager.free_gpu(gpu_idx)
        group.block_table.clear()

    def _swap_in(self, groups) -> None:
        ids, dst = [], []
        for g in groups:
            for cpu_idx in g.cpu_blocks:
                gpu_idx = self.scheduler.block_manager.allocate_gpu()
                ids.append(cpu_idx)
                dst.append(gpu_idx)
                g.block_table.append(gpu_idx)
        incoming = torch.empty((len(ids), self.cfg.block_numel), dtype=self.cfg.dtype, device=self.device)
        _C.gather_to_device(incoming, self.host_pool.blocks, torch.tensor(ids, dtype=torch.int64))
        self.gpu_cache[torch.tensor(dst, device=self.device)] = incoming
        for g in groups:
            for cpu_idx in g.cpu_blocks:
                self.host_pool.free(cpu_idx)
            g.cpu_blocks.clear()

    # -- main loop --------------------------------------------------------

    def step(self):
        out = self.scheduler.schedule()
        for g in out.to_swap_out:
            self._swap_out(g)
        if out.to_swap_in:
            self._swap_in(out.to_swap_in)
        if not out.seqs:
            return []
        tokens, positions, slots = self.prepare_inputs(out.seqs)
        logits = self.model(tokens, positions, self.gpu_cache, slots)
        return self.sampler(logits, out.seqs)

    def generate(self, requests):
        for r in requests:
            self.scheduler.add(r)
        finished = []
        while self.scheduler.has_unfinished():
            finished.extend(self.step())
        return finished

    def debug_dump(self, path: str) -> None:
        ok = _C.dump_blocks(path, self.gpu_cache[:16])
        log.info("dumped 16 KV blocks to %s (ok=%s)", path, ok)
