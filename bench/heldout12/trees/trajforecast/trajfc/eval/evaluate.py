"""Evaluate a checkpoint on the test split: python -m trajfc.eval.evaluate cfg.yaml ckpt.pt"""
from __future__ import annotations

import argparse

import numpy as np
import torch
from torch.utils.data import DataLoader

from ..config import load_config
from ..data.collate import pad_collate
from ..data.dataset import TrajectoryDataset
from ..lit_module import TrajForecaster
from .jax_metrics import JaxMetricSuite


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    ap.add_argument("checkpoint")
    ap.add_argument("--gt", required=True)
    args = ap.parse_args()
    cfg = load_config(args.config)
    module = TrajForecaster(cfg)
    module.model.load_state_dict(torch.load(args.checkpoint, map_location="cuda"))
    module.model.eval()
    ds = TrajectoryDataset(cfg.data.root, "test", cfg.data.hist_len, cfg.data.fut_len, cfg.data.max_agents)
    loader = DataLoader(ds, batch_size=128, collate_fn=pad_collate, num_workers=8, pin_memory=True)
    metrics = JaxMetricSuite(args.gt)
    scores, start = [], 0
    with torch.no_grad():
        for batch in loader:
            trajs, _ = module.model(batch["history"].cuda(non_blocking=True), module._lanes(batch["map_id"]),
                                    batch["mask"].cuda(non_blocking=True))
            scores.append(metrics.min_ade(trajs.cpu().numpy(), start))
            start += trajs.shape[0]
    print(f"minADE@6: {np.mean(scores):.3f} m over {start} scenes")


if __name__ == "__main__":
    main()
