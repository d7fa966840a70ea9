from dataclasses import dataclass

import yaml


@dataclass
class ServeConfig:
    model_dir: str = "models/ce-base"
    index_path: str = "index/passages.f16"
    dim: int = 768
    max_docs: int = 100
    max_len: int = 256
    batch_window_ms: float = 4.0
    pin_memory: bool = True
    port: int = 8900

    @classmethod
    def load(cls, path):
        with open(path) as f:
            return cls(**yaml.safe_load(f))
