from dataclasses import dataclass, field
from typing import Optional


@dataclass
class NVMeConfig:
    path: Optional[str] = None
    block_size: int = 1 << 20
    queue_depth: int = 8


@dataclass
class OffloadConfig:
    lr: float = 1e-4
    betas: tuple = (0.9, 0.999)
    eps: float = 1e-8
    weight_decay: float = 0.0
    partition_numel: int = 1 << 24
    overlap_comm: bool = True
    offload_activations: bool = False
    grad_accum: int = 1
    loss_scale: float = 2.0 ** 16
    nvme: NVMeConfig = field(default_factory=NVMeConfig)

    @classmethod
    def from_dict(cls, d):
        d = dict(d)
        nv = NVMeConfig(**d.pop("nvme", {}))
        return cls(nvme=nv, **d)
