from dataclasses import dataclass, field

import yaml


@dataclass
class DiarConfig:
    sample_rate: int = 16000
    win_s: float = 1.5
    hop_s: float = 0.75
    emb_dim: int = 192
    batch_size: int = 64
    num_workers: int = 8
    epochs: int = 30
    lr: float = 1e-3
    max_speakers: int = 8
    train_manifest: str = "data/train.jsonl"
    val_manifest: str = "data/val.jsonl"
    callbacks: list = field(default_factory=lambda: ["val_loader", "rttm"])

    @classmethod
    def load(cls, path):
        with open(path) as f:
            return cls(**(yaml.safe_load(f) or {}))
