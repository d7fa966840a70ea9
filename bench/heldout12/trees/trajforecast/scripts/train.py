import argparse
import logging

from trajfc.callbacks import build_callbacks
from trajfc.config import load_config
from trajfc.data.module import TrajDataModule
from trajfc.lit_module import TrajForecaster
from trajfc.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/train.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    cfg = load_config(args.config)
    trainer = Trainer(cfg.train.max_epochs, build_callbacks(cfg.train.callbacks), cfg.train.grad_clip)
    trainer.fit(TrajForecaster(cfg), TrajDataModule(cfg.data))


if __name__ == "__main__":
    main()
