from __future__ import annotations

import logging
from typing import Dict, List, Optional, Sequence, Tuple

import cupyx
import numpy as np

from ._core import Booster
from .dmatrix import DMatrix

log = logging.getLogger("gbdthist")


class TrainingCallback:
    def before_training(self, booster: Booster) -> None:
        pass

    def after_iteration(self, booster: Booster, epoch: int, evals_log: Dict[str, List[float]]) -> bool:
        return False


class EvalMonitor(TrainingCallback):
    def __init__(self, evals: Sequence[Tuple[DMatrix, str]], period: int = 1):
        self.evals = list(evals)
        self.period = period

    def after_iteration(self, booster, epoch, evals_log):
        for dm, name in self.evals:
            margin = booster.predict(dm.data)
            host = cupyx.empty_pinned(margin.shape, dtype=np.float32)
            host[:] = margin
            p = 1.0 / (1.0 + np.exp(-host))
            ll = -np.mean(dm.label * np.log(p + 1e-12) + (1 - dm.label) * np.log(1 - p + 1e-12))
            evals_log.setdefault(name, []).append(float(ll))
            if epoch % self.period == 0:
                log.info("[%d] %s-logloss: %.5f", epoch, name, ll)
        return False


class EarlyStopping(TrainingCallback):
    def __init__(self, rounds: int, data_name: str):
        self.rounds = rounds
        self.name = data_name
        self.best = np.inf
        self.best_epoch = 0

    def after_iteration(self, booster, epoch, evals_log):
        cur = evals_log.get(self.name, [np.inf])[-1]
        if cur < self.best:
            self.best, self.best_epoch = cur, epoch
        return epoch - self.best_epoch >= self.rounds


def train(params: dict, dtrain: DMatrix, num_boost_round: int,
          callbacks: Optional[List[TrainingCallback]] = None) -> Booster:
    booster = Booster(dtrain.data, dtrain.label, params.get("max_depth", 6), params.get("max_bin", 256),
                      params.get("eta", 0.3))
    callbacks = callbacks or []
    for cb in callbacks:
        cb.before_training(booster)
    evals_log: Dict[str, List[float]] = {}
    for epoch in range(num_boost_round):
        booster.update(epoch)
        if any(cb.after_iteration(booster, epoch, evals_log) for cb in callbacks):
            break
    return booster
