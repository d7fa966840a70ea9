from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml


@dataclass
class VolumeSpec:
    name: str
    sections: Path
    mask: Path
    out: Path
    tile_px: int = 1024
    fov: int = 33
    preview_factor: int = 16


def load_volumes(path: str | Path) -> list[VolumeSpec]:
    with open(path) as fh:
        doc = yaml.safe_load(fh)
    out = []
    for v in doc["volumes"]:
        out.append(VolumeSpec(**{**v, "sections": Path(v["sections"]), "mask": Path(v["mask"]), "out": Path(v["out"])}))
    return out
