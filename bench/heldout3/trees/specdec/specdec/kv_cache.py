"""Paged KV cache with a pinned host tier for preempted sequences."""

import torch


class HostKVCache:
    def __init__(self, num_blocks, block_shape, dtype):
        self.block_shape = tuple(block_shape)
        self.dtype = dtype
        self.blocks = torch.empty((num_blocks,) + self.block_shape, dtype=dtype, pin_memory=True)
        self.free = list(range(num_blocks))

    def ensure_blocks(self, n):
        """Grow the host tier (doubling) when more blocks are needed than it holds; never shrinks."""
        have = self.blocks.shape[0]
        if n <= have:
            return
        new_n = max(n, 2 * have)
        bigger = torch.empty((new_n,) + self.block_shape, dtype=self.dtype, pin_memory=True)
        bigger[:have].copy_(self.blocks)
        self.free.extend(range(have, new_n))
        self.blocks = bigger

    def swap_out(self, gpu_cache, gpu_block_ids, stream):
        if len(self.free) < len(gpu_block_ids):
            self.ensure_blocks(self.blocks.shape[0] - len(self.free) + len(gpu_block_ids))
        host_ids = [self.free.pop() for _ in gpu_block_ids]
        with torch.cuda.stream(stream):
            for g, h in zip(gpu_block_ids, host_ids):
                self.blocks[h].copy_(gpu_cache[g], non_blocking=True)
        return host_ids

    def swap_in(self, gpu_cache, host_ids, gpu_block_ids, stream):
        with torch.cuda.stream(stream):
            for h, g in zip(host_ids, gpu_block_ids):
                gpu_cache[g].copy_(self.blocks[h], non_blocking=True)
        self.free.extend(host_ids)


def build_host_cache(num_blocks, num_layers, block_size, num_heads, head_dim, dtype=torch.float16):
    return HostKVCache(num_blocks, (num_layers, 2, block_size, num_heads, head_dim), dtype)
