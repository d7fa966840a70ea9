from __future__ import annotations

from dataclasses import dataclass, field

import yaml


@dataclass
class LoaderCfg:
    batch_size: int = 16
    workers: int = 8
    pin_memory: bool = True


@dataclass
class Cfg:
    root: str = ""
    max_frames: int = 300
    loader: LoaderCfg = field(default_factory=LoaderCfg)
    epochs: int = 40
    lr: float = 3e-4
    callbacks: list[str] = field(default_factory=list)


def load(path: str) -> Cfg:
    raw = yaml.safe_load(open(path))
    t = raw.get("train", {})
    return Cfg(root=raw["data"]["root"], max_frames=raw["data"].get("max_frames", 300),
               loader=LoaderCfg(**raw.get("loader", {})), epochs=t.get("epochs", 40), lr=t.get("lr", 3e-4),
               callbacks=t.get("callbacks", []))
