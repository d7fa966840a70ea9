from __future__ import annotations

import argparse
import logging
from types import SimpleNamespace

import torch

from . import ops
from .callbacks import LogLoss, StrategySnapshot
from .trainer import DeepCFR


def main(argv=None):
    p = argparse.ArgumentParser("cfrpoker")
    p.add_argument("--iterations", type=int, default=300)
    p.add_argument("--buckets", default="data/buckets.bin")
    p.add_argument("--resume-cache", default=None)
    p.add_argument("--export-strategy", default=None)
    a = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = SimpleNamespace(iterations=a.iterations, buckets=a.buckets, reservoir=2_000_000, cache_rows=1 << 20,
                          batch=4096, sgd_epochs=4, jobs=64, per_job=512, workers=8)
    trainer = DeepCFR(cfg, [StrategySnapshot(), LogLoss()])
    if a.resume_cache:
        trainer.cache.load(a.resume_cache)
    if a.export_strategy:
        weights = torch.cat([v.flatten() for v in trainer.net.state_dict().values()]).cpu().pin_memory()
        torch.save(weights, a.export_strategy)
        return
    trainer.run()
