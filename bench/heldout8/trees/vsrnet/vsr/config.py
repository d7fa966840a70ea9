import argparse
from dataclasses import dataclass


@dataclass
class VSRConfig:
    scale: int = 4
    mid_channels: int = 64
    num_blocks: int = 30
    clip_len: int = 15
    batch_size: int = 8
    crop: int = 64
    lr: float = 2e-4
    iters: int = 300000
    data_root: str = "data/REDS"
    lut: str = "data/gamma.lut"


def parse(argv=None):
    ap = argparse.ArgumentParser()
    for name, val in VSRConfig().__dict__.items():
        ap.add_argument(f"--{name.replace('_', '-')}", type=type(val), default=val)
    return VSRConfig(**vars(ap.parse_args(argv)))
