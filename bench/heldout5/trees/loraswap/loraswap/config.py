import argparse
import os
from dataclasses import dataclass


@dataclass
class Config:
    base_model: str = "meta-llama/Llama-3.2-1B"
    adapter_dir: str = os.environ.get("LORA_DIR", "/models/adapters")
    max_rank: int = 64
    slab_slots: int = 16
    hidden: int = 2048
    layers: int = 16
    vocab: int = 128256
    max_new_tokens: int = 256
    use_jax_scorer: bool = False
    host: str = "0.0.0.0"
    port: int = 8000


def parse(argv=None):
    p = argparse.ArgumentParser("loraswap")
    for f, v in Config.__dataclass_fields__.items():
        t = type(v.default)
        if t is bool:
            p.add_argument(f"--{f.replace('_', '-')}", action="store_true")
        else:
            p.add_argument(f"--{f.replace('_', '-')}", type=t, default=v.default)
    return Config(**vars(p.parse_args(argv)))
