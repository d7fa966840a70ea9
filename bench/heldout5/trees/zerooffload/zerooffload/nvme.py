import os

from . import ops


class NVMeSwapper:
    def __init__(self, cfg):
        self.dir = cfg.path
        os.makedirs(self.dir, exist_ok=True)
        self.offsets = {}

    def _path(self, idx):
        return os.path.join(self.dir, f"part{idx:04d}.swp")

    def swap_out(self, part):
        for i, t in enumerate((part.exp_avg, part.exp_avg_sq)):
            ops.swap_out(t, self._path(part.index), i * t.numel() * 4)

    def swap_in(self, part):
        for i, t in enumerate((part.exp_avg, part.exp_avg_sq)):
            ops.aio_read_block(t, self._path(part.index), i * t.numel() * 4)
