"""Downscale a period: regrid forecasts, sample an ensemble per tile, bias-correct, write."""
from __future__ import annotations

import argparse
import pickle

import jax
import numpy as np
import xarray as xr

from downscale import config as config_lib
from downscale.infer.bias_correct import apply_quantiles, fit_quantiles
from downscale.infer.ensemble import sample_members
from downscale.infer.tiles import run_tiles
from downscale.infer.writer import TileWriter
from downscale.model.unet import DownscaleUNet
from downscale.native.regrid import Regridder


def cut_tiles(field: np.ndarray, tile: int, halo: int):
    c, h, w = field.shape
    padded = np.pad(field, ((0, 0), (halo, halo), (halo, halo)), mode="reflect")
    tid = 0
    for i in range(0, h, tile):
        for j in range(0, w, tile):
            yield tid, np.ascontiguousarray(padded[:, i : i + tile + 2 * halo, j : j + tile + 2 * halo]), halo
            tid += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("forecast")
    ap.add_argument("--params", default="params.pkl")
    ap.add_argument("--torchscript", default="model.ts")
    ap.add_argument("--weights", default="regrid_weights.npz")
    ap.add_argument("--obs", default="obs_climatology.npz")
    ap.add_argument("overrides", nargs="*")
    args = ap.parse_args()
    cfg = config_lib.load(args.overrides)

    ds = xr.open_dataset(args.forecast)
    regrid = Regridder(args.weights)
    writer = TileWriter(cfg.infer.out_dir)
    model = DownscaleUNet(out_ch=len(cfg.data.variables))
    with open(args.params, "rb") as fh:
        params = pickle.load(fh)
    static = jax.device_put(np.load("static.npy"))
    key = jax.random.PRNGKey(cfg.seed)
    try:
        for t in range(ds.sizes["time"]):
            field = np.stack([regrid(ds[v].isel(time=t).values) for v in cfg.data.variables])
            tiles = list(cut_tiles(field, cfg.infer.tile, cfg.infer.halo))
            if cfg.infer.engine == "torch":
                outs = run_tiles(tiles, args.torchscript, len(cfg.data.variables), cfg.infer.tile, cfg.infer.halo, cfg.infer.workers)
                for tile_id, out in outs.items():
                    writer.submit(tile_id, 0, out)
                continue
            for tile_id, coarse, _ in tiles:
                key, sub = jax.random.split(key)
                members = sample_members(params, model.apply, jax.device_put(coarse[None]), static, cfg.infer.members, sub)
                for m, y in enumerate(members):
                    writer.submit(tile_id, m, np.asarray(y)[0])
        obs = dict(np.load(args.obs))
        tables = fit_quantiles({v: ds[v].values for v in cfg.data.variables}, obs, cfg.infer.quantiles)
        np.save("qm_check.npy", apply_quantiles(obs[cfg.data.variables[0]], tables[cfg.data.variables[0]]))
    finally:
        writer.close()
        regrid.close()


if __name__ == "__main__":
    main()
