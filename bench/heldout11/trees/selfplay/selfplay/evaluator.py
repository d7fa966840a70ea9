"""Batched network evaluation shared by all actor threads."""
from __future__ import annotations

import threading

import numpy as np
import torch

from . import _C


class BatchedEvaluator:
    def __init__(self, net: torch.nn.Module, board: int, max_batch: int, device: str = "cuda:0"):
        self.net = net.eval()
        self.board = board
        self.device = torch.device(device)
        self.lock = threading.Lock()
        self.stage = torch.empty((max_batch, 17, board, board), dtype=torch.float32, pin_memory=True)
        self.stream = torch.cuda.Stream(device=self.device)

    def _build_inputs(self, planes: np.ndarray) -> torch.Tensor:
        t = torch.from_numpy(np.ascontiguousarray(planes, dtype=np.float32))
        return t.pin_memory()

    @torch.inference_mode()
    def evaluate(self, states: np.ndarray):
        n = states.shape[0]
        enc = _C.encode_batch(torch.from_numpy(states), self.board)
        empty = (states == 0).reshape(n, 1, self.board, self.board)
        legal = self._build_inputs(empty)
        with self.lock, torch.cuda.stream(self.stream):
            self.stage[:n].copy_(enc)
            x = self.stage[:n].to(self.device, non_blocking=True)
            x = torch.cat([x, legal.to(self.device, non_blocking=True)], dim=1)
            policy, value = self.net(x)
            self.stream.synchronize()
        return policy.softmax(-1).cpu().numpy(), value.squeeze(-1).cpu().numpy()
