"""Persistent per-request state of the running batch, kept in CPU tensors the runner uploads."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import torch


@dataclass
class RequestState:
    req_id: str
    prompt_ids: list[int]
    output_ids: list[int] = field(default_factory=list)
    temperature: float = 1.0
    top_k: int = 0

    @property
    def num_tokens(self) -> int:
        return len(self.prompt_ids) + len(self.output_ids)


class InputBatch:
    def __init__(self, max_num_reqs: int, max_model_len: int, device: torch.device) -> None:
        self.max_num_reqs = max_num_reqs
        self.max_model_len = max_model_len
        self.device = device
        self.req_ids: list[str | None] = [None] * max_num_reqs
        self.req_index: dict[str, int] = {}

        self.token_ids_cpu_t = torch.zeros((max_num_reqs, max_model_len), dtype=torch.int32, pin_memory=True)
        self.token_ids_cpu = self.token_ids_cpu_t.numpy()
        self.num_tokens = np.zeros(max_num_reqs, dtype=np.int32)

        self.temperature_cpu_t = torch.empty(max_num_reqs, dtype=torch.float32, pin_memory=True)
        self.temperature_cpu = self.temperature_cpu_t.numpy()
        self.temperature = torch.empty(max_num_reqs, dtype=torch.float32, device=device)

        self.top_k_cpu_t = torch.empty(max_num_reqs, dtype=torch.int32).pin_memory()
        self.top_k_cpu = self.top_k_cpu_t.numpy()
        self.top_k = torch.empty(max_num_reqs, dtype=torch.int32, device=device)

    @property
    def num_reqs(self) -> int:
        return len(self.req_index)

    def add_request(self, req: RequestState) -> int:
        idx = self.req_ids.index(None)
        self.req_ids[idx] = req.req_id
        self.req_index[req.req_id] = idx
        n = req.num_tokens
        self.token_ids_cpu[idx, : len(req.prompt_ids)] = req.prompt_ids
        self.token_ids_cpu[idx, len(req.prompt_ids) : n] = req.output_ids
        self.num_tokens[idx] = n
        self.temperature_cpu[idx] = req.temperature
        self.top_k_cpu[idx] = req.top_k
        return idx

    def remove_request(self, req_id: str) -> None:
        idx = self.req_index.pop(req_id)
        self.req_ids[idx] = None

    def upload_sampling_params(self, n: int) -> None:
        self.temperature[:n].copy_(self.temperature_cpu_t[:n], non_blocking=True)
        self.top_k[:n].copy_(self.top_k_cpu_t[:n], non_blocking=True)
