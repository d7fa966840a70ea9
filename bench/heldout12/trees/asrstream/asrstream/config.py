from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class ModelConfig:
    checkpoint: str
    name: str = "conformer-ctc-en"
    num_bins: int = 80
    vocab_size: int = 1024
    d_model: int = 256
    cache_len: int = 64
    max_streams: int = 256


@dataclass
class FrontendConfig:
    sample_rate: int = 16000
    win_length: int = 400
    frame_shift: int = 160
    num_bins: int = 80


@dataclass
class DecoderConfig:
    beam_size: int = 8
    vocab_size: int = 1024
    max_streams: int = 256


@dataclass
class BatcherConfig:
    max_batch: int = 32
    max_frames: int = 64
    max_wait_ms: int = 12
    pool_depth: int = 4


@dataclass
class ServerConfig:
    model: ModelConfig
    frontend: FrontendConfig = field(default_factory=FrontendConfig)
    decoder: DecoderConfig = field(default_factory=DecoderConfig)
    batcher: BatcherConfig = field(default_factory=BatcherConfig)
    host: str = "0.0.0.0"
    port: int = 8765
    lm_path: str = ""
    lexicon_path: str = ""
    postproc: list[str] = field(default_factory=lambda: ["detok"])


def load_config(path: str | Path) -> ServerConfig:
    raw = yaml.safe_load(Path(path).read_text())
    return ServerConfig(
        model=ModelConfig(**raw.pop("model")),
        frontend=FrontendConfig(**raw.pop("frontend", {})),
        decoder=DecoderConfig(**raw.pop("decoder", {})),
        batcher=BatcherConfig(**raw.pop("batcher", {})),
        **raw,
    )
