from __future__ import annotations

import argparse
import tomllib

import numpy as np
import pandas as pd

from ._lib import Farm, fptr, lib
from .controller import YawController
from .forecast import Forecaster
from .scada import ScadaRing


def main(argv=None):
    ap = argparse.ArgumentParser("windfarm")
    ap.add_argument("--config", default="configs/farm.toml")
    ap.add_argument("--scada", required=True)
    ap.add_argument("--nwp", required=True)
    args = ap.parse_args(argv)
    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    layout = pd.read_csv(cfg["farm"]["layout"])
    curve = np.loadtxt(cfg["farm"]["power_curve"], delimiter=",", dtype=np.float32)
    farm = Farm(layout[["x", "y"]].to_numpy(), layout["hub"].to_numpy(), curve)
    nx, ny = cfg["farm"]["dem_shape"]
    dem = np.fromfile(cfg["farm"]["dem"], np.float32).reshape(nx, ny)
    if lib.wk_load_terrain(farm.ctx, fptr(dem), nx, ny):
        print("terrain ignored")
    scada = pd.read_parquet(args.scada)
    ring = ScadaRing()
    ctl = YawController(farm, **cfg["control"])
    fc = Forecaster(farm, cfg["forecast"]["horizon_steps"], cfg["forecast"]["scada_window"])
    nwp = np.load(args.nwp)
    for t in range(0, len(scada), 600):
        w = scada.iloc[t:t + 600]
        ring.push(w)
        ctl.step(float(w["wind_dir"].iloc[-1]), float(w["wind_speed"].iloc[-1]))
        if t % 3600 == 0:
            print(t, fc.run(scada.iloc[t:], nwp).round(1))
    lib.wk_write_report(farm.ctx, b"farm_report.csv")
    farm.close()


if __name__ == "__main__":
    main()
