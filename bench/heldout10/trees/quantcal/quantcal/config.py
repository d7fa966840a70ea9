from __future__ import annotations

import argparse
from dataclasses import dataclass, fields


@dataclass
class CalibConfig:
    model: str = "meta-llama/Llama-2-7b-hf"
    token_file: str = "data/c4_tokens.u32"
    calib_cache: str | None = None
    n_samples: int = 128
    seq_len: int = 2048
    batch_size: int = 8
    num_workers: int = 2
    pin_memory: bool = True
    method: str = "gptq"
    bits: int = 4
    group_size: int = 128
    block_size: int = 128
    damp: float = 0.01
    offload_layers: bool = True
    offload_hessian: bool = False
    collect_stats: bool = False
    out: str = "model-int4.bin"


def parse_config(argv=None) -> CalibConfig:
    ap = argparse.ArgumentParser()
    for f in fields(CalibConfig):
        kind = type(f.default) if f.default is not None else str
        if kind is bool:
            ap.add_argument(f"--{f.name.replace('_', '-')}", action=argparse.BooleanOptionalAction, default=f.default)
        else:
            ap.add_argument(f"--{f.name.replace('_', '-')}", type=kind, default=f.default)
    return CalibConfig(**vars(ap.parse_args(argv)))
