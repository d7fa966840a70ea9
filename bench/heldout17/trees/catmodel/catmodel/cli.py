import argparse

import numpy as np

from . import _cat
from .portfolio import Portfolio, run_portfolio


def main(argv=None):
    p = argparse.ArgumentParser("catmodel")
    p.add_argument("exposure")
    p.add_argument("catalog")
    p.add_argument("--perils", nargs="+", default=["hurricane", "earthquake", "flood"])
    p.add_argument("--realizations", type=int, default=16)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--ylt", default="out.ylt")
    a = p.parse_args(argv)
    pf = Portfolio(a.exposure)
    engine = _cat.Engine(pf.exposure, 4, a.batch, a.perils, a.realizations)
    elt = run_portfolio(pf, engine, np.load(a.catalog).astype(np.float32), a.batch)
    if not _cat.write_ylt(a.ylt, elt.tolist()):
        raise SystemExit("could not write " + a.ylt)
