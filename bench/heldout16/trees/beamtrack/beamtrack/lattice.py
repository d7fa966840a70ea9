"""Lattice description: a flat list of elements built from a registry."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ELEMENTS: dict[str, Callable[..., object]] = {}


def register(kind: str):
    def deco(cls):
        ELEMENTS[kind] = cls
        return cls

    return deco


@dataclass
class ElementSpec:
    kind: str
    name: str
    length: float
    params: dict[str, float]


def parse_sequence(path: str | Path) -> list[ElementSpec]:
    specs: list[ElementSpec] = []
    for raw in Path(path).read_text().splitlines():
        line = raw.split("!", 1)[0].strip()
        if not line:
            continue
        name, _, rest = line.partition(":")
        fields = [f.strip() for f in rest.split(",")]
        kind = fields[0].lower()
        params: dict[str, float] = {}
        for f in fields[1:]:
            k, _, v = f.partition("=")
            params[k.strip().lower()] = float(v)
        specs.append(ElementSpec(kind, name.strip(), params.pop("l", 0.0), params))
    return specs


def build(specs: list[ElementSpec], cfg) -> list:
    from . import elements  # noqa: F401  (fills ELEMENTS)

    return [ELEMENTS[s.kind](s, cfg) for s in specs]
