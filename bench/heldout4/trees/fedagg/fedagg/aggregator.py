from dataclasses import dataclass

import numpy as np
import torch

from .buffers import RoundScratch


@dataclass
class Update:
    client_id: int
    delta: torch.Tensor
    weight: float


class Aggregator:
    """Base class: folds client deltas into the global model one at a time."""

    def __init__(self, model_buffer):
        self.model_buffer = model_buffer

    def aggregate(self, updates):
        self.begin_round(len(updates))
        for upd in updates:
            self._accumulate(upd)
        return self.finish_round()

    def begin_round(self, n):
        pass

    def _accumulate(self, upd):
        raise NotImplementedError

    def finish_round(self):
        raise NotImplementedError


class FedAvg(Aggregator):
    def __init__(self, model_buffer, server_lr=1.0):
        super().__init__(model_buffer)
        self.server_lr = server_lr
        self.acc = RoundScratch(model_buffer.numel)
        self.total_weight = 0.0

    def begin_round(self, n):
        self.acc.reset()
        self.total_weight = 0.0

    def _accumulate(self, upd):
        self.acc.host += upd.weight * upd.delta.detach().cpu().numpy().astype(np.float64)
        self.total_weight += upd.weight

    def finish_round(self):
        step = (self.acc.host / max(self.total_weight, 1e-12)).astype(np.float32)
        self.model_buffer.host += self.server_lr * step
        self.model_buffer.push()
        return self.model_buffer.host


class FedAvgStaged(FedAvg):
    """Clients' deltas arrive as fp16 device tensors; stage each through pinned memory."""

    def _accumulate(self, upd):
        host = torch.empty(upd.delta.shape, dtype=upd.delta.dtype, pin_memory=True)
        host.copy_(upd.delta, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        self.acc.host += upd.weight * host.numpy().astype(np.float64)
        self.total_weight += upd.weight


class CoordinateMedian(Aggregator):
    """Byzantine-robust: coordinate-wise median of the client deltas."""

    def aggregate(self, updates):
        stacked = []
        for upd in updates:
            stacked.append(upd.delta.float().cpu().pin_memory())
        med = torch.stack(stacked).median(dim=0).values
        self.model_buffer.host += med.numpy()
        self.model_buffer.push()
        return self.model_buffer.host


def build_aggregator(name, model_buffer):
    return {"fedavg": FedAvg, "fedavg_staged": FedAvgStaged, "median": CoordinateMedian}[name](model_buffer)
