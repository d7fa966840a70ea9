import argparse
import logging

import pandas as pd

from .callbacks import build
from .config import Config
from .data import WindowDataset
from .model import TemporalFusion
from .trainer import Trainer


def main(argv=None):
    p = argparse.ArgumentParser("demandfc")
    p.add_argument("--parquet", default=None)
    p.add_argument("--epochs", type=int, default=None)
    args = p.parse_args(argv)
    cfg = Config()
    if args.parquet:
        cfg.data.parquet = args.parquet
    if args.epochs:
        cfg.train.epochs = args.epochs
    logging.basicConfig(level=logging.INFO)
    frame = pd.read_parquet(cfg.data.parquet)
    ds = WindowDataset(frame, cfg.data.context, cfg.data.horizon, str(frame["date"].min()))
    model = TemporalFusion(cfg.data.context, cfg.data.horizon, cfg.hidden, cfg.heads)
    Trainer(model, ds, cfg, build(cfg.train.callbacks, cfg.train.ema_decay)).fit()
