from dataclasses import dataclass, field


@dataclass
class OffloadConfig:
    num_experts: int = 64
    top_k: int = 2
    hidden: int = 4096
    ffn: int = 14336
    gpu_expert_slots: int = 8
    max_batch_tokens: int = 8192
    stats_every: int = 100
    stats_path: str = "router_stats.bin"
    online_update: bool = False
    layers: list = field(default_factory=lambda: list(range(32)))
