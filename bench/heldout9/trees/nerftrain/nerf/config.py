from dataclasses import dataclass


@dataclass
class TrainConfig:
    data_root: str = "data/nerf_synthetic/lego"
    downscale: int = 2
    rays_per_batch: int = 4096
    samples_per_ray: int = 128
    hidden: int = 64
    levels: int = 16
    lr: float = 1e-2
    max_steps: int = 30000
    val_every: int = 2500
    num_workers: int = 4
    pin_memory: bool = True
    out_path: str = "out/lego.pt"
