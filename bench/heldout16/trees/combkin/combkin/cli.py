from __future__ import annotations

import argparse
import logging

import numpy as np
import yaml

from .chemistry import ChemistryIntegrator
from .closure import NeuralClosure
from .io import export_restart
from .splitting import SplittingDriver, build_psr
from .transport import Transport


def cmd_run(args) -> None:
    cfg = yaml.safe_load(open(args.config))
    g = cfg["grid"]
    shape = (g["nx"], g["ny"], g["nz"])
    n_cells = int(np.prod(shape))
    chem = ChemistryIntegrator(cfg["mechanism"], n_cells, staging=cfg.get("staging", "registered"))
    flow = Transport(shape, chem.n_species)
    psr = build_psr(cfg["psr"], chem.n_species) if cfg["psr"]["enabled"] else None
    closure = NeuralClosure(cfg["closure"]["checkpoint"], chem.n_species) if cfg["closure"]["enabled"] else None
    driver = SplittingDriver(cfg, chem, flow, psr, closure)
    driver.run()
    if psr is not None:
        sens = psr.sensitivity([0.9, 0.95, 1.05, 1.1], float(cfg["dt"]))
        logging.info("PSR inflow-temperature sensitivity: %s", np.round(sens, 2))
    export_restart(cfg["output"]["restart"], flow.T, flow.Y)
    chem.close(budget_path=f"{cfg['output']['dir']}/budget.txt")


def cmd_ignition(args) -> None:
    lo, hi, step = (float(x) for x in args.T.split(":"))
    temps = np.arange(lo, hi + step / 2, step)
    chem = ChemistryIntegrator(args.mech, 1, staging="pageable")
    for T, tau in zip(temps, chem.ignition_delays(temps, args.p)):
        print(f"{T:7.1f} K  {tau * 1e6:10.2f} us")
    chem.close()


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    ap = argparse.ArgumentParser(prog="combkin")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("config")
    r.set_defaults(fn=cmd_run)
    i = sub.add_parser("ignition")
    i.add_argument("--mech", default="h2_li2004")
    i.add_argument("--T", default="900:1500:25")
    i.add_argument("--p", type=float, default=1.0e5)
    i.set_defaults(fn=cmd_ignition)
    args = ap.parse_args(argv)
    args.fn(args)
