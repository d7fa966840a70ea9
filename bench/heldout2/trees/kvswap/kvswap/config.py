from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass
class CacheConfig:
    num_layers: int = 32
    num_kv_heads: int = 8
    head_dim: int = 128
    block_size: int = 16
    num_gpu_blocks: int = 2048
    num_cpu_blocks: int = 512
    vocab_size: int = 32000
    max_num_seqs: int = 256
    top_logprobs: int = 20
    dtype: torch.dtype = torch.float16

    @property
    def element_size(self) -> int:
        return torch.tensor([], dtype=self.dtype).element_size()

    @property
    def block_shape(self) -> tuple[int, ...]:
        # (k/v, layer, token, head, dim)
        return (2, self.num_layers, self.block_size, self.num_kv_heads, self.head_dim)

    @property
    def block_numel(self) -> int:
        n = 1
        for d in self.block_shape:
            n *= d
        return n

    @property
    def block_bytes(self) -> int:
        return self.block_numel * self.element_size
