from dataclasses import dataclass, field

import torch

MAX_BUCKETS = 512


@dataclass
class GradBucket:
    """A contiguous group of parameters reduced together."""
    index: int
    params: list
    numel: int
    dtype: torch.dtype = torch.float32
    host_copy: torch.Tensor = None
    pending: int = 0

    def __post_init__(self):
        self.pending = len(self.params)
        if self.host_copy is None:
            self.host_copy = torch.empty(self.numel, dtype=self.dtype, pin_memory=True)

    def offsets(self):
        out, off = [], 0
        for p in self.params:
            out.append((off, p.numel()))
            off += p.numel()
        return out


@dataclass
class BucketStats:
    """Per-step gradient norms of every bucket, read back for logging."""
    step: int
    norms: torch.Tensor = field(
        default_factory=lambda: torch.zeros(MAX_BUCKETS, dtype=torch.float32, pin_memory=True))
    overflow: bool = False
