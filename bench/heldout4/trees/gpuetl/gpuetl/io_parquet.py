import functools

import cupy as cp
import cupyx
import numpy as np
import pyarrow.parquet as pq

from .column import Column
from .frame import DataFrame


@functools.cache
def _dict_scratch():
    return cupyx.empty_pinned((1 << 22,), dtype=np.int32)


class ParquetReader:
    def __init__(self, path):
        self.file = pq.ParquetFile(path)

    def num_row_groups(self):
        return self.file.num_row_groups

    def read_row_group(self, i):
        table = self.file.read_row_group(i)
        cols = []
        for name in table.column_names:
            arr = table.column(name).combine_chunks()
            if hasattr(arr, "indices"):
                scratch = _dict_scratch()
                idx = arr.indices.to_numpy(zero_copy_only=False)
                scratch[: idx.size] = idx
                dev_idx = cp.asarray(scratch[: idx.size])
                cols.append(Column(name, cp.asarray(arr.dictionary.to_numpy())[dev_idx]))
            else:
                cols.append(Column(name, cp.asarray(arr.to_numpy(zero_copy_only=False))))
        return DataFrame(cols)
