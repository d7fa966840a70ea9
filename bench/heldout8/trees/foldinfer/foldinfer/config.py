from dataclasses import dataclass, field
from typing import List, Optional

import yaml


@dataclass
class ModelConfig:
    c_m: int = 256
    c_z: int = 128
    n_blocks: int = 48
    n_recycle: int = 3
    max_templates: int = 4


@dataclass
class DataConfig:
    max_msa: int = 512
    crop: int = 384
    batch_size: int = 1
    num_workers: int = 4
    pin_memory: bool = True


@dataclass
class InferenceConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    data: DataConfig = field(default_factory=DataConfig)
    weights: str = "params/model_1.pt"
    output_dir: str = "predictions"
    relax: bool = True
    output_slots: int = 4
    targets: List[str] = field(default_factory=list)
    residue_table: Optional[str] = "data/residues.bin"

    @classmethod
    def from_yaml(cls, path: str) -> "InferenceConfig":
        with open(path) as f:
            raw = yaml.safe_load(f)
        cfg = cls()
        for k, v in raw.get("model", {}).items():
            setattr(cfg.model, k, v)
        for k, v in raw.get("data", {}).items():
            setattr(cfg.data, k, v)
        for k in ("weights", "output_dir", "relax", "output_slots", "targets", "residue_table"):
            if k in raw:
                setattr(cfg, k, raw[k])
        return cfg
