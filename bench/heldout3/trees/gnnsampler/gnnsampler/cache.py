"""Degree-ordered GPU cache of hot node features, with a pinned spill buffer for misses."""

import cupy
import numpy as np
import torch


class HotNodeCache:
    def __init__(self, store, capacity, device="cuda"):
        self.store = store
        self.capacity = capacity
        self.device = torch.device(device)
        self.slot_of = np.full(store.num_nodes, -1, dtype=np.int64)
        self.gpu = torch.empty((capacity, store.dim), dtype=torch.float16, device=device)
        itemsize = np.dtype(store.dtype).itemsize
        # Fixed-size staging for the refresh path.
        self._refresh_mem = cupy.cuda.alloc_pinned_memory(capacity * store.dim * itemsize)
        self._refresh = np.frombuffer(self._refresh_mem, dtype=store.dtype,
                                      count=capacity * store.dim).reshape(capacity, store.dim)
        self._miss_mem = None
        self._miss_cap = 0

    def warm(self, degrees):
        hot = np.argsort(-degrees)[: self.capacity]
        np.take(self.store.table, hot, axis=0, out=self._refresh[: len(hot)])
        self.gpu[: len(hot)].copy_(torch.from_numpy(self._refresh[: len(hot)]).to(self.device))
        self.slot_of[:] = -1
        self.slot_of[hot] = np.arange(len(hot))

    def _miss_buffer(self, n):
        if n > self._miss_cap:
            cap = max(n, 2 * self._miss_cap)
            self._miss_mem = cupy.cuda.alloc_pinned_memory(cap * self.store.dim * np.dtype(self.store.dtype).itemsize)
            self._miss_cap = cap
        return np.frombuffer(self._miss_mem, dtype=self.store.dtype, count=n * self.store.dim).reshape(n, -1)

    def lookup(self, node_ids):
        ids = np.asarray(node_ids)
        slots = self.slot_of[ids]
        hit = slots >= 0
        out = torch.empty((len(ids), self.store.dim), dtype=torch.float16, device=self.device)
        out[torch.from_numpy(np.flatnonzero(hit)).to(self.device)] = self.gpu[torch.from_numpy(slots[hit]).to(self.device)]
        miss_idx = np.flatnonzero(~hit)
        if miss_idx.size:
            buf = self._miss_buffer(miss_idx.size)
            np.take(self.store.table, ids[miss_idx], axis=0, out=buf)
            out[torch.from_numpy(miss_idx).to(self.device)] = torch.from_numpy(buf).to(self.device, non_blocking=True)
        return out
