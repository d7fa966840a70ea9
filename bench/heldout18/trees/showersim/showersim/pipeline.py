"""DL0 -> DL2 pipeline driver."""
import argparse

import numpy as np

from . import hillas, monitoring  # noqa: F401  (monitors subscribe on import)
from .bus import publish
from .cleaning import TailcutCleaner
from .config import RunConfig
from .io import EventSource
from .reco.stereo import reconstruct


def run(cfg):
    hillas.init(cfg.n_pixels, cfg.batch_events, cfg.geometry_path)
    neighbours = np.load(cfg.geometry_path.replace(".bin", "_neigh.npy"))
    cleaner = TailcutCleaner(cfg, neighbours)
    pointing = {t: np.eye(2, 3, dtype=np.float32) for t in cfg.telescopes}
    all_params = []
    for ids, block in EventSource(cfg):
        charge, mask = cleaner(block)
        publish("batch", ids=ids, charge=charge)
        params = hillas.compute_hillas(charge)
        all_params.append(params)
        by_tel = {t: params[i::len(cfg.telescopes)] for i, t in enumerate(cfg.telescopes)}
        directions = reconstruct(by_tel, pointing)
        yield ids, directions
    if all_params:
        hillas.write_dl1("dl1_params.bin", np.concatenate(all_params))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    cfg = RunConfig.from_toml(ap.parse_args().config)
    n = 0
    for ids, _ in run(cfg):
        n += len(ids)
    print(f"processed {n} events")


if __name__ == "__main__":
    main()
