import torch

from .utils.dist import partition_range


class FlatPartition:
    """This rank's slice of a flattened parameter group, with fp32 master + Adam moments on the host."""

    def __init__(self, params, index):
        self.index = index
        self.params = [p for p in params if p.requires_grad]
        self.numel = sum(p.numel() for p in self.params)
        self.lo, self.hi = partition_range(self.numel)
        n = self.hi - self.lo
        self.master = torch.empty(3 * n, dtype=torch.float32, pin_memory=True)
        self.fp32 = self.master[:n]
        self.exp_avg = self.master[n:2 * n].zero_()
        self.exp_avg_sq = self.master[2 * n:].zero_()
        flat = torch.cat([p.detach().float().flatten() for p in self.params])
        self.fp32.copy_(flat[self.lo:self.hi])

    def views(self):
        out, off = [], 0
        for p in self.params:
            out.append((p, off, off + p.numel()))
            off += p.numel()
        return out
