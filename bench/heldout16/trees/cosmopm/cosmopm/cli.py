from __future__ import annotations

import argparse
import configparser
import logging
from pathlib import Path

import numpy as np

from .cosmology import growth_table
from .driver import Simulation
from .hooks import HaloHook, LightconeHook, PowerSpectrumHook
from .ic import write_ic, zeldovich


def _params(path: str) -> dict:
    cp = configparser.ConfigParser()
    cp.read(path)
    return {s: dict(cp[s]) for s in cp.sections()}


def cmd_ic(args) -> None:
    p = _params(args.params)
    s, c = p["simulation"], p["cosmology"]
    om = float(c["omega_m"])
    table = growth_table(om)
    growth = float(np.interp(float(s["a_start"]), table[0], table[1]))
    pk = lambda k: 2.0e4 * k / (1 + (k / 0.02) ** 2) ** 1.5  # noqa: E731  (toy BBKS-like shape)
    parts = zeldovich(int(s["n_part"]), float(s["box_mpc_h"]), pk, growth)
    write_ic(s["ic_file"], parts)


def cmd_run(args) -> None:
    p = _params(args.params)
    out = Path(p["output"]["dir"])
    out.mkdir(parents=True, exist_ok=True)
    n_part = int(p["simulation"]["n_part"]) ** 3
    box = float(p["simulation"]["box_mpc_h"])
    hooks = [
        PowerSpectrumHook(out, int(p["output"]["power_every"])),
        HaloHook(out, int(p["output"]["halo_every"]), box),
        LightconeHook(out, int(p["output"]["lightcone_shells"]), n_part, float(p["cosmology"]["omega_m"])),
    ]
    sim = Simulation(p, hooks)
    sim.run()
    sim.core.close()


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    ap = argparse.ArgumentParser(prog="cosmopm")
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, fn in (("ic", cmd_ic), ("run", cmd_run)):
        sp = sub.add_parser(name)
        sp.add_argument("params")
        sp.set_defaults(fn=fn)
    args = ap.parse_args(argv)
    args.fn(args)
