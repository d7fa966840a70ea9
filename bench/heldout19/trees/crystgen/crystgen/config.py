from __future__ import annotations

import argparse
from dataclasses import dataclass, fields
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


@dataclass
class TrainConfig:
    data_root: Path = Path("data/mp20")
    max_atoms: int = 20
    supercell_prob: float = 0.0
    epochs: int = 100
    batch_size: int = 128
    eval_batch_size: int = 256
    workers: int = 4
    lr: float = 5e-4
    weight_decay: float = 0.0
    out_dir: Path = Path("runs/default")
    hidden: int = 256
    layers: int = 4
    cutoff: float = 6.0
    device: str = "cuda"

    @classmethod
    def from_toml(cls, path: str | Path) -> "TrainConfig":
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
        flat = {}
        for section in ("data", "train", "model"):
            flat.update(raw.get(section, {}))
        if "root" in flat:
            flat["data_root"] = flat.pop("root")
        names = {f.name for f in fields(cls)}
        cfg = cls(**{k: v for k, v in flat.items() if k in names})
        cfg.data_root = Path(cfg.data_root)
        cfg.out_dir = Path(cfg.out_dir)
        return cfg


def parse_args(argv=None) -> TrainConfig:
    ap = argparse.ArgumentParser(prog="crystgen-train")
    ap.add_argument("config")
    ap.add_argument("--epochs", type=int)
    ap.add_argument("--device", default=None)
    args = ap.parse_args(argv)
    cfg = TrainConfig.from_toml(args.config)
    if args.epochs is not None:
        cfg.epochs = args.epochs
    if args.device is not None:
        cfg.device = args.device
    return cfg
