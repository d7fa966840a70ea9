from dataclasses import dataclass


@dataclass
class FitConfig:
    image: str = "J0946+1006_F814W.fits"
    psf: str = "psf_F814W.fits"
    pixel_scale: float = 0.05
    source_grid: int = 64
    n_live: int = 400
    max_iter: int = 20000
    checkpoint_every: int = 1
    regularisation: float = 5.0
