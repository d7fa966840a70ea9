import argparse
from dataclasses import dataclass, field
from typing import List


@dataclass
class NowcastConfig:
    data_root: str = "/data/radar/composite"
    in_frames: int = 6
    out_frames: int = 12
    height: int = 256
    width: int = 256
    batch_size: int = 8
    eval_batch_size: int = 4
    num_workers: int = 6
    epochs: int = 40
    lr: float = 3e-4
    hidden: List[int] = field(default_factory=lambda: [64, 64, 128])
    ema_decay: float = 0.999
    ckpt_dir: str = "checkpoints"
    leads: int = 12


def parse_args(argv=None) -> NowcastConfig:
    p = argparse.ArgumentParser("nowcast-train")
    p.add_argument("--data-root", default=NowcastConfig.data_root)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--epochs", type=int, default=40)
    p.add_argument("--workers", type=int, default=6)
    p.add_argument("--lr", type=float, default=3e-4)
    a = p.parse_args(argv)
    return NowcastConfig(data_root=a.data_root, batch_size=a.batch_size,
                         epochs=a.epochs, num_workers=a.workers, lr=a.lr)
