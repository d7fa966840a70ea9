from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class DataConfig:
    sessions: str = "data/sessions.npz"
    valid: str = "data/sessions_valid.npz"
    question_table: str = "data/question_emb.npy"
    text_embeddings: str = "data/question_text_emb.npy"
    event_log: str = "data/events.bin"
    max_len: int = 200
    batch_size: int = 128
    workers: int = 6


@dataclass
class ModelConfig:
    n_skills: int = 1_200
    dim: int = 128
    heads: int = 8
    layers: int = 2
    dropout: float = 0.1


@dataclass
class TrainConfig:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    epochs: int = 30
    lr: float = 3e-4
    buckets: int = 5
    hooks: list[str] = field(default_factory=lambda: ["mastery", "replay"])
    out: str = "runs/latest.pt"

    @classmethod
    def load(cls, path: str) -> "TrainConfig":
        raw = json.loads(Path(path).read_text())
        return cls(
            data=DataConfig(**raw.get("data", {})),
            model=ModelConfig(**raw.get("model", {})),
            **{k: v for k, v in raw.items() if k not in ("data", "model")},
        )
