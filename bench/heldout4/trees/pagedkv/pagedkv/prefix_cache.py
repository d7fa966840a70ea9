import functools

import numpy as np
import torch

from .native import import_pages


@functools.lru_cache(maxsize=None)
def _pinned_hash_table(num_slots):
    return torch.zeros(num_slots, dtype=torch.int64, pin_memory=True)


class PrefixCache:
    """Hashes of prompt prefixes whose KV pages were saved to local disk."""

    def __init__(self, num_slots=1 << 16):
        self.num_slots = num_slots
        self.paths = {}

    def table(self):
        return _pinned_hash_table(self.num_slots)

    def lookup(self, tokens):
        h = hash(tuple(tokens)) % self.num_slots
        return self.paths.get(h)

    def import_from_disk(self, path, cache_engine, gpu_blocks):
        pages = np.load(path, mmap_mode="r")
        ids = np.asarray(gpu_blocks, dtype=np.int32)
        for layer in range(cache_engine.num_layers):
            host = np.ascontiguousarray(pages[layer])
            import_pages(host, cache_engine.gpu_cache[layer], ids, cache_engine.page_bytes)
