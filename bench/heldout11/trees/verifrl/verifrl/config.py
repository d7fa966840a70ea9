from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import List

import yaml


@dataclass
class GRPOConfig:
    model: str
    prompts: str
    group_size: int = 8
    prompts_per_step: int = 32
    max_new_tokens: int = 1024
    temperature: float = 0.9
    lr: float = 1e-6
    steps: int = 2000
    save_every: int = 200
    sync_mode: str = "full"
    verifiers: List[str] = field(default_factory=lambda: ["math"])
    pin_memory: bool = True
    callbacks: List[str] = field(default_factory=list)


def parse() -> GRPOConfig:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/grpo.yaml")
    ap.add_argument("--steps", type=int)
    a = ap.parse_args()
    raw = yaml.safe_load(open(a.config))
    if a.steps:
        raw["steps"] = a.steps
    return GRPOConfig(**raw)
