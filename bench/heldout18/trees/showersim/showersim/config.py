from dataclasses import dataclass, field
import tomllib


@dataclass
class CleaningConfig:
    picture_thresh: float = 10.0
    boundary_thresh: float = 5.0
    min_neighbours: int = 2


@dataclass
class RunConfig:
    input_path: str = "run_104233.simtel.zst"
    batch_events: int = 256
    n_pixels: int = 1855
    n_samples: int = 40
    telescopes: list[int] = field(default_factory=lambda: [1, 2, 3, 4])
    geometry_path: str = "lst_geometry.bin"
    cleaning: CleaningConfig = field(default_factory=CleaningConfig)

    @classmethod
    def from_toml(cls, path):
        with open(path, "rb") as f:
            raw = tomllib.load(f)
        clean = CleaningConfig(**raw.pop("cleaning", {}))
        return cls(cleaning=clean, **raw)
