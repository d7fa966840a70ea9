"""Fit the wake expansion rate to one met-mast campaign (run once per site)."""
import sys

import numpy as np
import pandas as pd

from windfarm._lib import Farm, fptr, lib


def main(layout_csv, curve_csv, mast_csv):
    layout = pd.read_csv(layout_csv)
    farm = Farm(layout[["x", "y"]].to_numpy(), layout["hub"].to_numpy(),
                np.loadtxt(curve_csv, delimiter=",", dtype=np.float32))
    mast = pd.read_csv(mast_csv)
    yaw = np.zeros(farm.n, np.float32)
    power = np.zeros(farm.n, np.float32)
    lib.wk_eval_layout(farm.ctx, float(np.radians(mast["dir"].mean())), float(mast["ws"].mean()),
                       fptr(yaw), fptr(power))
    print("modelled/observed:", power.sum() / mast["farm_power"].mean())
    farm.close()


if __name__ == "__main__":
    main(*sys.argv[1:4])
