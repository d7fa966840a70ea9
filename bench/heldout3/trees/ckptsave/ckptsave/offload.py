"""Keep Adam moments in pinned host memory between steps (ZeRO-Offload style, single GPU)."""

import torch


class OptimizerOffloader:
    def __init__(self, optimizer):
        self.optimizer = optimizer
        self._host = None
        self._layout = None
        self._norm_host = torch.zeros(1, dtype=torch.float32, pin_memory=True)

    def _states(self):
        for group in self.optimizer.param_groups:
            for p in group["params"]:
                st = self.optimizer.state.get(p, {})
                for k in ("exp_avg", "exp_avg_sq"):
                    if k in st:
                        yield st, k

    def offload(self):
        """After optimizer.step(): move the moments to the host and release them on the GPU."""
        states = list(self._states())
        if not states:
            return
        total = sum(st[k].numel() for st, k in states)
        if self._host is None:
            self._host = torch.empty(total, dtype=torch.float32, pin_memory=True)
        self._layout = []
        off = 0
        for st, k in states:
            t = st[k]
            self._host[off:off + t.numel()].copy_(t.flatten(), non_blocking=True)
            self._layout.append((st, k, off, t.shape, t.device))
            st[k] = None
            off += t.numel()
        torch.cuda.current_stream().synchronize()

    def reload(self):
        """Before optimizer.step(): bring the moments back."""
        if self._layout is None:
            return
        for st, k, off, shape, dev in self._layout:
            n = shape.numel()
            st[k] = self._host[off:off + n].view(shape).to(dev, non_blocking=True)
        self._layout = None
        self._host = None

    def grad_norm(self, params):
        norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in params if p.grad is not None]))
        self._norm_host.copy_(norm.reshape(1), non_blocking=True)
        return self._norm_host
