import math

import torch

from . import ops
from .partition import FlatPartition


class OffloadAdam(torch.optim.Optimizer):
    def __init__(self, params, cfg):
        defaults = dict(lr=cfg.lr, betas=cfg.betas, eps=cfg.eps, weight_decay=cfg.weight_decay)
        super().__init__(params, defaults)
        self.cfg = cfg
        self.partitions = []
        for i, group in enumerate(self.param_groups):
            self.partitions.append(FlatPartition(group["params"], i))
        self._grad_bufs = {}
        self._overflow = None
        self._step = 0
        ops.init_pinned_pool(max(p.hi - p.lo for p in self.partitions) * 4)

    @property
    def overflow_buf(self):
        if self._overflow is None:
            self._overflow = torch.zeros(1, dtype=torch.int32, pin_memory=True)
        return self._overflow

    def _grad_buffer(self, part):
        buf = self._grad_bufs.get(part.index)
        if buf is None:
            buf = torch.empty(part.hi - part.lo, dtype=torch.float32, pin_memory=True)
            self._grad_bufs[part.index] = buf
        return buf

    def _swap_in(self, part):
        flat = torch.cat([p.grad.detach().float().flatten() for p in part.params if p.grad is not None])
        host = torch.empty(flat.numel(), dtype=torch.float32, pin_memory=True)
        host.copy_(flat, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        return host[part.lo:part.hi]

    @torch.no_grad()
    def step(self, closure=None):
        loss = closure() if closure is not None else None
        self._step += 1
        for group, part in zip(self.param_groups, self.partitions):
            grads = self._grad_buffer(part)
            grads.copy_(self._swap_in(part))
            if not math.isfinite(float(grads.abs().max())):
                self.overflow_buf.fill_(1)
                continue
            b1, b2 = group["betas"]
            ops.adam_step_host(part.fp32, grads, part.exp_avg, part.exp_avg_sq, self._step,
                               group["lr"], b1, b2, group["eps"], group["weight_decay"])
            for p, lo, hi in part.views():
                a, b = max(lo, part.lo), min(hi, part.hi)
                if a < b:
                    p.view(-1)[a - lo:b - lo].copy_(part.fp32[a - part.lo:b - part.lo], non_blocking=True)
        return loss

    def state_dict(self):
        sd = super().state_dict()
        sd["partitions"] = [part.master.clone().pin_memory() for part in self.partitions]
        return sd

    def stage_grad(self, p):
        host = torch.empty(p.grad.shape, dtype=p.grad.dtype, pin_memory=True)
        host.copy_(p.grad, non_blocking=True)
        self.state.setdefault(p, {})["grad_host"] = host
