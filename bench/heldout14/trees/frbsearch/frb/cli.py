from __future__ import annotations

import argparse
import logging

import numpy as np

from .config import load_survey
from .pipeline import Pipeline


def filterbank_blocks(path: str, nchan: int, block: int, header: int = 512):
    with open(path, "rb") as fh:
        fh.seek(header)
        while True:
            raw = np.fromfile(fh, dtype=np.uint8, count=block * nchan)
            if raw.size < nchan:
                return
            yield raw.reshape(-1, nchan)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="frbsearch")
    ap.add_argument("filterbank")
    ap.add_argument("--config", default="configs/survey.toml")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = load_survey(args.config)
    Pipeline(cfg, filterbank_blocks(args.filterbank, cfg.nchan, cfg.block)).run()


if __name__ == "__main__":
    main()
