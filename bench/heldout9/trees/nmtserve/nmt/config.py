from dataclasses import dataclass


@dataclass
class ServeConfig:
    checkpoint: str = "ckpt/wmt_en_de.pt"
    spm_model: str = "ckpt/spm.model"
    beam: int = 5
    max_len: int = 256
    max_batch: int = 64
    max_wait_ms: float = 8.0
    length_alpha: float = 0.6
    port: int = 50051
    workers: int = 8
