"""Node features in pinned host memory, gathered per mini-batch and copied to the GPU."""

import cupy
import cupyx
import numpy as np
import torch


class FeatureStore:
    def __init__(self, path, dtype=np.float16):
        mm = np.load(path, mmap_mode="r")
        self.num_nodes, self.dim = mm.shape
        self.dtype = dtype
        self.table = cupyx.empty_pinned((self.num_nodes, self.dim), dtype=dtype)
        chunk = 1 << 20
        for start in range(0, self.num_nodes, chunk):
            self.table[start:start + chunk] = mm[start:start + chunk]
        self.stream = cupy.cuda.Stream(non_blocking=True)

    def gather(self, node_ids):
        """Rows for node_ids -> CUDA torch tensor."""
        ids = np.asarray(node_ids)
        rows = cupyx.empty_pinned((ids.size, self.dim), dtype=self.dtype)
        np.take(self.table, ids, axis=0, out=rows)
        with self.stream:
            dev = cupy.asarray(rows)
        self.stream.synchronize()
        return torch.from_dlpack(dev)

    def __len__(self):
        return self.num_nodes
