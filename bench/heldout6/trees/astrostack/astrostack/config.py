from dataclasses import dataclass


@dataclass
class StackConfig:
    width: int = 6248
    height: int = 4176
    clip_sigma: float = 3.0
    clip_iters: int = 5
    drizzle_scale: float = 2.0
    pixfrac: float = 0.7
    catalog: str = "assets/gaia_dr3_bright.npy"
