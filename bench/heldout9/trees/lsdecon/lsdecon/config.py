from dataclasses import dataclass

import yaml


@dataclass
class DeconConfig:
    psf_path: str = "psf/bead_488.tif"
    tile: int = 256
    overlap: int = 32
    n_iter: int = 20
    workers: int = 2
    ring: int = 4
    background: float = 100.0
    out_path: str = "decon.tif"

    @classmethod
    def from_yaml(cls, path):
        with open(path) as fh:
            return cls(**yaml.safe_load(fh))
