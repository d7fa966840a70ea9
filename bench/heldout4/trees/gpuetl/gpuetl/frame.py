import cupy as cp
import pandas as pd

from .column import Column


class DataFrame:
    def __init__(self, columns):
        self.columns = list(columns)
        self._by_name = {c.name: c for c in self.columns}

    def __getitem__(self, name):
        return self._by_name[name]

    def __len__(self):
        return len(self.columns[0]) if self.columns else 0

    def take(self, idx):
        return DataFrame([c.take(idx) for c in self.columns])

    def with_column(self, col):
        return DataFrame([c for c in self.columns if c.name != col.name] + [col])

    def to_pandas(self):
        return pd.DataFrame({c.name: c.to_host() for c in self.columns})

    @classmethod
    def concat(cls, frames):
        names = [c.name for c in frames[0].columns]
        return cls([Column(n, cp.concatenate([f[n].data for f in frames])) for n in names])
