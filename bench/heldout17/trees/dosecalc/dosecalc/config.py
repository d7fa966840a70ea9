from __future__ import annotations

import argparse
from dataclasses import dataclass, field


@dataclass
class PlanConfig:
    ct_path: str
    kernel_path: str = "data/ccc_6MV.bin"
    n_cones: int = 48
    voxel_mm: float = 2.5
    iterations: int = 300
    step: float = 0.05
    scenarios: int = 9
    setup_error_mm: float = 3.0
    objectives: list[dict] = field(default_factory=list)
    snapshot_every: int = 1
    out_dir: str = "plan_out"


def from_args(argv=None) -> PlanConfig:
    p = argparse.ArgumentParser("dosecalc")
    p.add_argument("ct_path")
    p.add_argument("--iterations", type=int, default=300)
    p.add_argument("--scenarios", type=int, default=9)
    p.add_argument("--out-dir", default="plan_out")
    ns = p.parse_args(argv)
    return PlanConfig(ct_path=ns.ct_path, iterations=ns.iterations, scenarios=ns.scenarios, out_dir=ns.out_dir)
