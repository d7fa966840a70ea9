#!/usr/bin/env python3
"""Train a RULNet on one C-MAPSS subset."""
import argparse
import dataclasses
import random
from pathlib import Path

import numpy as np
import torch

from turbofan.config import TrainConfig
from turbofan.data import CycleDataset
from turbofan.model import RULNet
from turbofan.normalize import RegimeNormalizer
from turbofan.trainer import Trainer


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="configs/fd001.json")
    ap.add_argument("--epochs", type=int, default=None)
    ap.add_argument("--subset", default=None, choices=["FD001", "FD002", "FD003", "FD004"])
    return ap.parse_args()


def main() -> None:
    args = parse_args()
    cfg = TrainConfig.from_json(args.config)
    if args.epochs is not None:
        cfg.optim = dataclasses.replace(cfg.optim, epochs=args.epochs)
    if args.subset is not None:
        cfg.data = dataclasses.replace(cfg.data, subset=args.subset)
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)

    train_ds = CycleDataset(cfg.data, "train")
    val_ds = CycleDataset(cfg.data, "test")
    settings = train_ds.all_settings()
    sensors = torch.from_numpy(np.concatenate([u[:, 3:] for u in train_ds.units]))
    normalizer = RegimeNormalizer(cfg.data.n_regimes, len(cfg.data.sensors)).fit(settings, sensors)

    model = RULNet(len(cfg.data.sensors), max_rul=cfg.data.max_rul)
    Trainer(cfg, model, train_ds, val_ds, normalizer).fit()
    Path(cfg.out_dir).mkdir(parents=True, exist_ok=True)
    torch.save(normalizer, Path(cfg.out_dir) / "normalizer.pt")


if __name__ == "__main__":
    main()
