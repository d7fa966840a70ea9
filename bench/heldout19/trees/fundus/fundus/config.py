from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class ScreeningConfig:
    size: int = 1024
    tiles: int = 8
    clip: float = 2.0
    mask: Path | None = None
    min_sharpness: float = 40.0
    vessels: bool = True
    graders: list[str] = field(default_factory=lambda: ["dr5", "glaucoma2"])
    models: dict[str, str] = field(default_factory=lambda: {
        "dr5": "models/dr5_effnet_b3.ts",
        "glaucoma2": "models/glaucoma_resnet50.ts",
    })
    out_dir: Path = Path("out")
    batch: int = 16
    upload_slots: int = 4


def parse_args(argv=None) -> tuple[ScreeningConfig, argparse.Namespace]:
    ap = argparse.ArgumentParser(prog="fundus")
    ap.add_argument("--images", type=Path)
    ap.add_argument("--out", type=Path, default=Path("out"))
    ap.add_argument("--mask", type=Path)
    ap.add_argument("--no-vessels", action="store_true")
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--port", type=int, default=8094)
    args = ap.parse_args(argv)
    cfg = ScreeningConfig(mask=args.mask, vessels=not args.no_vessels, out_dir=args.out, batch=args.batch)
    return cfg, args
