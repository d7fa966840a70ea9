from __future__ import annotations

import torch


class NormStats:
    """Per-joint mean/std, recomputed from the running sums at every epoch start."""

    def __init__(self, n_joints: int):
        self.n_joints = n_joints
        self.sum = torch.zeros(n_joints, 3, dtype=torch.float64)
        self.sq = torch.zeros(n_joints, 3, dtype=torch.float64)
        self.count = 0
        self._buf = None

    def accumulate(self, kp: torch.Tensor):
        flat = kp.reshape(-1, self.n_joints, 3).double()
        self.sum += flat.sum(0)
        self.sq += (flat * flat).sum(0)
        self.count += flat.shape[0]

    def refresh(self):
        self._buf = None

    def host_buffer(self) -> torch.Tensor:
        if self._buf is None:
            self._buf = torch.empty(2, self.n_joints, 3, pin_memory=True)
            n = max(self.count, 1)
            mean = self.sum / n
            self._buf[0].copy_(mean)
            self._buf[1].copy_((self.sq / n - mean * mean).clamp_min(1e-8).sqrt())
        return self._buf


class LabelPrior:
    """Gloss frequencies for logit adjustment; rebuilt only when the vocabulary changes."""

    def __init__(self, n_glosses: int):
        self.n_glosses = n_glosses
        self.counts = torch.ones(n_glosses)
        self._host = None

    def reset(self, counts: torch.Tensor):
        self.counts = counts.float() + 1.0
        self._host = None

    def host_counts(self) -> torch.Tensor:
        if self._host is None:
            self._host = torch.empty(self.n_glosses, pin_memory=True)
            self._host.copy_(torch.log(self.counts / self.counts.sum()))
        return self._host
