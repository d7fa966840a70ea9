from __future__ import annotations

import json
import logging

import torch

log = logging.getLogger("enkf.diag")


class InnovationStats:
    def __init__(self, cfg):
        self.path = f"{cfg.outdir}/innovations.jsonl"

    def on_analysis(self, window, innovations) -> None:
        rows = []
        for name, d in innovations.items():
            host = torch.as_tensor(d).pin_memory()
            dev = host.to("cuda", non_blocking=True)
            rows.append({"window": window, "type": name, "mean": float(dev.mean()), "rms": float(dev.pow(2).mean().sqrt())})
        with open(self.path, "a") as fh:
            for r in rows:
                fh.write(json.dumps(r) + "\n")


class SpreadMonitor:
    def __init__(self, cfg):
        self.members = cfg.members
        self.scratch = torch.empty(cfg.n_state, dtype=torch.float32).pin_memory()

    def on_analysis(self, window, innovations) -> None:
        total = sum(float(abs(torch.as_tensor(d)).mean()) for d in innovations.values())
        log.info("window %s |d| %.3f", window, total)


CALLBACKS = {"innovations": InnovationStats, "spread": SpreadMonitor}
