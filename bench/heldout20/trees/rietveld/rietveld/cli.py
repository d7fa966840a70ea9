from __future__ import annotations

import argparse
import json
import logging

import numpy as np

from ._lib import Context, check, lib
from .phases import Phase, initial_vector, load_phases
from .refine import PatternModel, Refinement, default_active
from .report import export_xy, write_report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="rv-refine")
    ap.add_argument("data", help="two-column xy file (2theta, counts)")
    ap.add_argument("phases", help="JSON list of phases")
    ap.add_argument("--instrument", required=True, help="GSAS .prm file")
    ap.add_argument("--cycles", type=int, default=40)
    ap.add_argument("--report", default="fit_report.txt")
    ap.add_argument("--xy", default="fit_calc.xy")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    tth, yobs = np.loadtxt(args.data, unpack=True)
    with open(args.phases) as fh:
        phases = [Phase(**p) for p in json.load(fh)]

    with Context(tth.size, len(phases)) as ctx:
        check(lib.rv_load_instrument(ctx.handle, args.instrument.encode()), "instrument")
        load_phases(ctx, phases)
        model = PatternModel(ctx, tth, len(phases))
        ref = Refinement(model, yobs, initial_vector(phases), default_active(len(phases)))
        rwp = ref.run(args.cycles)
        write_report(ctx, args.report, ref.params, rwp)
        export_xy(ctx, args.xy)
    print(f"Rwp = {100 * rwp:.3f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
