import cupy as cp
import cupyx
import numpy as np


class ResultSet:
    def __init__(self, batches, handle=None):
        self.batches = batches
        self.handle = handle

    def columns(self):
        return list(self.batches[0]) if self.batches else []

    def to_numpy(self):
        out = {}
        for name in self.columns():
            parts = [cp.asarray(b[name]) for b in self.batches]
            col = cp.concatenate(parts) if parts else cp.empty(0)
            host = cupyx.empty_pinned(col.shape, dtype=col.dtype)
            col.get(out=host)
            out[name] = np.array(host)
        return out

    def to_pandas(self):
        import pandas as pd
        return pd.DataFrame(self.to_numpy())
