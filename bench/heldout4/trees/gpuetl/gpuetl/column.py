import cupy as cp

from .memory import pinned_like


class Column:
    def __init__(self, name, data: cp.ndarray, valid: cp.ndarray = None):
        self.name = name
        self.data = data
        self.valid = valid

    def __len__(self):
        return int(self.data.shape[0])

    @property
    def null_count(self):
        return 0 if self.valid is None else int((~self.valid).sum())

    def take(self, idx):
        return Column(self.name, self.data[idx], None if self.valid is None else self.valid[idx])

    def to_host(self):
        out = pinned_like(self.data)
        self.data.get(out=out)
        return out
