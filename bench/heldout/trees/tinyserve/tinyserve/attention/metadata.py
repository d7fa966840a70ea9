"""Attention metadata for paged KV caches (FlashAttention varlen layout)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class AttnMetadata:
    query_start_loc: torch.Tensor
    seq_lens: torch.Tensor
    block_table: torch.Tensor
    slot_mapping: torch.Tensor
    max_query_len: int
    max_seq_len: int


def step_buffers(max_num_reqs: int) -> dict[str, torch.Tensor]:
    """Host-side scratch tensors the builder fills every step."""
    return {
        "query_start_loc": torch.zeros(max_num_reqs + 1, dtype=torch.int32, pin_memory=True),
        "seq_lens": torch.zeros(max_num_reqs, dtype=torch.int32, pin_memory=True),
    }


class FlashMetadataBuilder:
    def __init__(self, block_size: int, device: torch.device) -> None:
        self.block_size = block_size
        self.device = device
        self.slot_mapping_cpu: torch.Tensor | None = None

    def init_buffers(self, num_tokens: int) -> None:
        self.slot_mapping_cpu = torch.empty(num_tokens, dtype=torch.int64, pin_memory=True)

    def build(
        self,
        bufs: dict[str, torch.Tensor],
        query_lens: np.ndarray,
        seq_lens: np.ndarray,
        block_table_np: np.ndarray,
        positions: np.ndarray,
    ) -> AttnMetadata:
        n = len(query_lens)
        num_tokens = int(query_lens.sum())
        qsl = bufs["query_start_loc"][: n + 1]
        qsl[0] = 0
        torch.cumsum(torch.from_numpy(query_lens), 0, out=qsl[1:])
        bufs["seq_lens"][:n].copy_(torch.from_numpy(seq_lens))

        self.init_buffers(num_tokens)
        req_of_token = np.repeat(np.arange(n), query_lens)
        block_idx = block_table_np[req_of_token, positions // self.block_size]
        slots = block_idx.astype(np.int64) * self.block_size + positions % self.block_size
        self.slot_mapping_cpu.numpy()[:] = slots

        table = torch.from_numpy(np.ascontiguousarray(block_table_np[:n])).pin_memory()
        return AttnMetadata(
            query_start_loc=qsl.to(self.device, non_blocking=True),
            seq_lens=bufs["seq_lens"][:n].to(self.device, non_blocking=True),
            block_table=table.to(self.device, non_blocking=True),
            slot_mapping=self.slot_mapping_cpu.to(self.device, non_blocking=True),
            max_query_len=int(query_lens.max()),
            max_seq_len=int(seq_lens.max()),
        )
