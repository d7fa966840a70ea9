import argparse

from .config import TrainConfig
from .trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=50)
    ap.add_argument("--data-root", default=TrainConfig.data_root)
    a = ap.parse_args()
    Trainer(TrainConfig(epochs=a.epochs, data_root=a.data_root)).fit()


if __name__ == "__main__":
    main()
