"""Estimate a block model: krige every block, then simulate and export."""
import argparse
import json

import numpy as np

from . import Estimator, export_grades, load_block_model, read_composites, simulate
from .config import KrigeConfig
from .domains import DOMAINS, DomainStats, GradeTable


def neighbours_of(comp, centre, radius):
    x, y = np.asarray(comp["x"]), np.asarray(comp["y"])
    sel = np.hypot(x - centre[0], y - centre[1]) < radius
    return {k: np.asarray(v)[sel].tolist() for k, v in comp.items()}


def estimate(cfg: KrigeConfig, domain="fresh"):
    comp = read_composites(cfg.composites)
    est = Estimator(cfg.capacity, cfg.variogram)
    est.load_drillholes(cfg.drillholes)
    if cfg.audit_log:
        est.enable_audit(cfg.audit_log)
    centres = load_block_model(cfg.block_model)
    table = GradeTable(cutoffs=np.linspace(0.2, 2.0, 10))
    grades = []
    for block_id in range(len(centres) // 2):
        nb = neighbours_of(comp, centres[2 * block_id: 2 * block_id + 2], cfg.search_radius)
        res = est.krige_block(block_id, nb)
        stats = DomainStats(block_id, np.asarray(nb["grade"], dtype=np.float32))
        grades.append(res.estimate * DOMAINS[domain].density + 0.0 * float(stats.summary[0]))
    table.tonnage += torch_tonnage(grades, table.cutoffs)
    cv = est.cross_validate(cfg.folds)
    etype = simulate(comp, cfg.realizations, len(grades))
    export_grades("grades.f32", grades)
    return grades, cv, etype


def torch_tonnage(grades, cutoffs):
    import torch
    g = torch.tensor(grades)
    return torch.stack([(g > c).sum() for c in cutoffs]).double()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=None)
    args = ap.parse_args()
    cfg = KrigeConfig(**json.load(open(args.config))) if args.config else KrigeConfig()
    grades, cv, _ = estimate(cfg)
    print(f"{len(grades)} blocks, CV RMSE {np.sqrt(np.mean(np.square(cv))):.3f}")


if __name__ == "__main__":
    main()
