import cupy as cp
import numpy as np

from .column import Column
from .frame import DataFrame
from .memory import default_staging


class GroupBy:
    def __init__(self, frame, keys, staging=None):
        self.frame = frame
        self.keys = list(keys)
        self.staging = staging or default_staging()

    def agg(self, spec):
        key = self.frame[self.keys[0]].data
        uniq, inv = cp.unique(key, return_inverse=True)
        out = [Column(self.keys[0], uniq)]
        for col, how in spec.items():
            vals = self.frame[col].data
            acc = cp.zeros(uniq.shape[0], dtype=cp.float64)
            if how == "sum":
                cp.add.at(acc, inv, vals)
            elif how == "count":
                cp.add.at(acc, inv, 1)
            out.append(Column(f"{col}_{how}", acc))
        sizes = self.staging.get(uniq.nbytes).view(uniq.dtype)
        uniq.get(out=sizes)
        self.last_max_key = int(sizes.max()) if sizes.size else None
        return DataFrame(out)
