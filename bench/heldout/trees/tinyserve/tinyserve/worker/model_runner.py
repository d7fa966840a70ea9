"""GPU model runner: turns the scheduler's output into one forward pass and samples."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
import torch.nn as nn

from ..attention.metadata import FlashMetadataBuilder, step_buffers
from ..sampling.sampler import Sampler, SamplingMetadata
from .input_batch import InputBatch


@dataclass
class SchedulerOutput:
    req_ids: list[str]
    num_scheduled_tokens: dict[str, int]
    block_tables: np.ndarray  # [num_reqs, max_blocks]
    seeds: list[int | None]


class ModelRunner:
    def __init__(self, model: nn.Module, max_num_reqs: int, max_model_len: int, block_size: int) -> None:
        self.model = model
        self.device = torch.device("cuda")
        self.max_num_reqs = max_num_reqs
        self.max_num_tokens = max_num_reqs * 512
        self.input_batch = InputBatch(max_num_reqs, max_model_len, self.device)
        self.builder = FlashMetadataBuilder(block_size, self.device)
        self.sampler = Sampler(max_num_reqs)

        self.input_ids_cpu = torch.zeros(self.max_num_tokens, dtype=torch.int32, pin_memory=True)
        self.positions_cpu = torch.zeros(self.max_num_tokens, dtype=torch.int64, pin_memory=True)
        self.input_ids = torch.zeros(self.max_num_tokens, dtype=torch.int32, device=self.device)
        self.positions = torch.zeros(self.max_num_tokens, dtype=torch.int64, device=self.device)
        self._step_bufs: dict[str, torch.Tensor] | None = None

    def _get_step_buffers(self) -> dict[str, torch.Tensor]:
        if self._step_bufs is None:
            self._step_bufs = step_buffers(self.max_num_reqs)
        return self._step_bufs

    def _prepare_inputs(self, out: SchedulerOutput) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        ib = self.input_batch
        idx = np.array([ib.req_index[r] for r in out.req_ids])
        q = np.array([out.num_scheduled_tokens[r] for r in out.req_ids], dtype=np.int32)
        start = ib.num_tokens[idx] - q
        positions = np.concatenate([np.arange(s, s + n) for s, n in zip(start, q)])
        total = int(q.sum())
        rows = np.repeat(idx, q)
        self.input_ids_cpu.numpy()[:total] = ib.token_ids_cpu[rows, positions]
        self.positions_cpu.numpy()[:total] = positions
        return q, ib.num_tokens[idx], positions, total

    @torch.inference_mode()
    def execute_model(self, out: SchedulerOutput) -> list[int]:
        q, seq_lens, positions, total = self._prepare_inputs(out)
        self.input_ids[:total].copy_(self.input_ids_cpu[:total], non_blocking=True)
        self.positions[:total].copy_(self.positions_cpu[:total], non_blocking=True)

        meta = self.builder.build(self._get_step_buffers(), q, seq_lens, out.block_tables, positions)
        hidden = self.model(self.input_ids[:total], self.positions[:total], meta)
        last = torch.tensor(np.cumsum(q) - 1, dtype=torch.int64, pin_memory=True)
        logits = self.model.compute_logits(hidden[last.to(self.device, non_blocking=True)])

        n = len(out.req_ids)
        self.input_batch.upload_sampling_params(n)
        sampling = SamplingMetadata(
            temperature=self.input_batch.temperature[:n],
            top_k=self.input_batch.top_k[:n],
            all_greedy=bool((self.input_batch.temperature_cpu[:n] == 0).all()),
            seeds=out.seeds,
        )
        return self.sampler(logits, sampling).tolist()
