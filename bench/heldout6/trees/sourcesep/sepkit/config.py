import argparse
from dataclasses import dataclass


@dataclass
class SepConfig:
    sample_rate: int = 44100
    segment: float = 7.8
    n_fft: int = 4096
    hop: int = 1024
    sources: tuple = ("drums", "bass", "other", "vocals")
    batch_size: int = 16
    workers: int = 8
    epochs: int = 120
    lr: float = 3e-4
    chunk_seconds: float = 10.0
    overlap: float = 0.25


def parse(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--musdb", default="/data/musdb18hq")
    ap.add_argument("--epochs", type=int, default=120)
    ap.add_argument("--batch-size", type=int, default=16)
    a = ap.parse_args(argv)
    return a.musdb, SepConfig(epochs=a.epochs, batch_size=a.batch_size)
