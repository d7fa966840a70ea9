from __future__ import annotations

import argparse
import logging

import numpy as np
import torch
import yaml

from .callbacks import CALLBACKS
from .feature_store import FeatureStore
from .model import GraphSAGE
from .sampler import NeighborSampler
from .trainer import Trainer


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    with open(args.config) as fh:
        cfg = yaml.safe_load(fh)
    sampler = NeighborSampler(cfg["graph"], cfg["fanouts"])
    store = FeatureStore(cfg["features"], cfg["feat_dim"])
    labels = torch.from_numpy(np.load(cfg["labels"])).long()
    raw = np.load(cfg["splits"])
    splits = {k: torch.from_numpy(raw[k]).long() for k in ("train", "valid", "test")}
    model = GraphSAGE(cfg["feat_dim"], cfg["hidden"], cfg["num_classes"], cfg["num_layers"])
    callbacks = [CALLBACKS[name]() for name in cfg.get("callbacks", [])]
    try:
        Trainer(cfg, model, sampler, store, labels, splits, callbacks).fit()
    finally:
        store.close()


if __name__ == "__main__":
    main()
