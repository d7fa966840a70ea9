from __future__ import annotations

from dataclasses import dataclass, field

import yaml


@dataclass
class PolymerCfg:
    f_A: float = 0.36
    chiN: float = 15.0
    ns: int = 100


@dataclass
class CellCfg:
    grid: tuple[int, int, int] = (32, 32, 32)
    lengths: tuple[float, float, float] = (4.0, 4.0, 4.0)


@dataclass
class SolverCfg:
    max_iter: int = 2000
    tol: float = 1e-7
    anderson_depth: int = 20
    anderson_lambda: float = 0.1
    log_every: int = 50


@dataclass
class Config:
    polymer: PolymerCfg = field(default_factory=PolymerCfg)
    cell: CellCfg = field(default_factory=CellCfg)
    solver: SolverCfg = field(default_factory=SolverCfg)
    phases: list[str] = field(default_factory=lambda: ["lamellar"])
    out_dir: str = "out"
    fields_in: str | None = None

    @classmethod
    def load(cls, path: str) -> "Config":
        raw = yaml.safe_load(open(path))
        out = raw.get("output", {})
        return cls(
            polymer=PolymerCfg(**raw.get("polymer", {})),
            cell=CellCfg(tuple(raw["cell"]["grid"]), tuple(raw["cell"]["lengths"])),
            solver=SolverCfg(**raw.get("solver", {})),
            phases=raw.get("phases", ["lamellar"]),
            out_dir=out.get("dir", "out"),
            fields_in=out.get("fields_in"),
        )
