"""Physical KV block bookkeeping for the GPU pages and the CPU swap tier."""
from dataclasses import dataclass

import torch


@dataclass
class PhysicalBlock:
    device: str
    number: int
    ref_count: int = 0


class BlockAllocator:
    def __init__(self, device, num_blocks):
        self.device = device
        self.free = [PhysicalBlock(device, i) for i in range(num_blocks)]

    def allocate(self):
        if not self.free:
            raise RuntimeError(f"out of {self.device} KV blocks")
        blk = self.free.pop()
        blk.ref_count = 1
        return blk

    def release(self, blk):
        blk.ref_count -= 1
        if blk.ref_count == 0:
            self.free.append(blk)

    def num_free(self):
        return len(self.free)


class CacheEngine:
    """Owns the GPU KV pages and the page-locked CPU swap space."""

    def __init__(self, num_layers, block_shape, num_gpu_blocks, num_cpu_blocks, dtype=torch.float16):
        self.num_layers = num_layers
        self.block_shape = tuple(block_shape)
        self.page_bytes = torch.empty(self.block_shape, dtype=dtype, device="meta").nbytes
        self.gpu_cache = [
            torch.empty((num_gpu_blocks,) + self.block_shape, dtype=dtype, device="cuda")
            for _ in range(num_layers)
        ]
        self.cpu_cache = [
            torch.empty((num_cpu_blocks,) + self.block_shape, dtype=dtype, pin_memory=True)
            for _ in range(num_layers)
        ]
        self.gpu_alloc = BlockAllocator("cuda", num_gpu_blocks)
        self.cpu_alloc = BlockAllocator("cpu", num_cpu_blocks)
