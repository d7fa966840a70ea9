"""beamtrack command line."""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

import numpy as np

from . import _bt
from .config import RunConfig
from .lattice import build, parse_sequence
from .monitors import MONITORS
from .tracker import Tracker


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="beamtrack")
    ap.add_argument("config")
    ap.add_argument("--turns", type=int, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = RunConfig.from_yaml(args.config)
    if args.turns is not None:
        cfg.tracking.n_turns = args.turns
    out_dir = Path(cfg.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    specs = parse_sequence(cfg.lattice)
    elements = build(specs, cfg)
    monitors = [MONITORS[name](cfg, out_dir) for name in cfg.monitors]
    tracker = Tracker(cfg, elements, monitors)
    k1 = [s.params.get("k1", 0.0) for s in specs]
    _bt.upload_lattice_tables(tracker.state, k1)
    if cfg.aperture:
        tracker.aperture_r2 = _bt.load_aperture_model(tracker.state, cfg.aperture)
    tracker.inject(np.random.default_rng(cfg.beam.seed))
    tracker.run()
    rc = _bt.export_losses(tracker.state, str(out_dir / "losses.bin"))
    if rc != 0:
        logging.error("export_losses failed: %s", _bt.last_error())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
