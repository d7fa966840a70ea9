import cupy as cp
import cupyx
import numpy as np
import pandas as pd


class TabularFrame:
    """Numeric feature matrix staged to the GPU through one pinned block."""

    def __init__(self, path, target):
        df = pd.read_parquet(path) if path.endswith(".parquet") else pd.read_csv(path)
        self.y_host = df.pop(target).to_numpy(np.float32)
        self.columns = list(df.columns)
        self.categorical = [c for c in self.columns if df[c].dtype == object]
        numeric = df.drop(columns=self.categorical).to_numpy(np.float32)
        self._staging = cupyx.empty_pinned(numeric.shape, dtype=np.float32)
        self._staging[...] = numeric
        self.X = cp.asarray(self._staging)
        self.y = cp.asarray(self.y_host)
        self.raw = df

    @property
    def n_rows(self):
        return self.X.shape[0]

    def per_batch_norm_stats(self):
        stats = cupyx.zeros_pinned((2, self.X.shape[1]), dtype=np.float32)
        stats[0] = cp.asnumpy(self.X.mean(axis=0))
        stats[1] = cp.asnumpy(self.X.std(axis=0) + 1e-6)
        return stats
