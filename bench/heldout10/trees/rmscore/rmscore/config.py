from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass
class ScoreConfig:
    model: str = os.environ.get("RM_MODEL", "reward-models/rm-7b-v3")
    revision: str = os.environ.get("RM_REVISION", "main")
    max_len: int = 2048
    max_batch: int = 32
    batch_wait_ms: float = 5.0
    n_actors: int = 2
    length_buckets: list[int] = field(default_factory=lambda: [256, 512, 1024, 2048])
    pin_memory: bool = True
    shm_name: str = "/rmscore-ring"
    vocab_blob: str = "tokenizer/vocab.bin"
