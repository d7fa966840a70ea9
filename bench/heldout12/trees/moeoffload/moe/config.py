from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path


@dataclass
class MoEConfig:
    n_layers: int = 32
    n_experts: int = 64
    top_k: int = 2
    d_model: int = 4096
    d_ff: int = 14336
    vocab: int = 32000
    group_size: int = 64
    gpu_slots: int = 96
    host_slots: int = 8
    max_batch: int = 16
    prefetch_depth: int = 4

    @property
    def expert_numel(self) -> int:
        return 3 * self.d_model * self.d_ff

    @property
    def expert_bytes(self) -> int:
        return self.expert_numel // 2  # int4-packed


def load_config(model_dir: str | Path) -> MoEConfig:
    raw = json.loads((Path(model_dir) / "config.json").read_text())
    return MoEConfig(
        n_layers=raw["num_hidden_layers"],
        n_experts=raw["num_local_experts"],
        top_k=raw["num_experts_per_tok"],
        d_model=raw["hidden_size"],
        d_ff=raw["intermediate_size"],
        vocab=raw["vocab_size"],
    )
