"""Two-stream instability run: python -m pic.run --config two_stream.yaml"""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

import yaml

from . import _pic
from .callbacks import EnergyLogger, FieldMovie, ProbeTrace

log = logging.getLogger("pic")


def build_config(raw: dict) -> "_pic.SimConfig":
    cfg = _pic.SimConfig()
    for key, value in raw.get("sim", {}).items():
        setattr(cfg, key, value)
    return cfg


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    ap.add_argument("--out", default="run")
    ap.add_argument("--restore", default=None)
    args = ap.parse_args(argv)
    raw = yaml.safe_load(Path(args.config).read_text())
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    steps = int(raw.get("steps", 2000))
    ckpt_every = int(raw.get("checkpoint_every", 500))

    _pic.initialize()
    try:
        sim = _pic.Simulation(build_config(raw))
        if args.restore:
            sim.restore(args.restore)
        callbacks = [EnergyLogger(steps), FieldMovie(int(raw.get("movie_every", 10))), ProbeTrace(0)]
        for step in range(steps):
            sim.step()
            for cb in callbacks:
                cb.on_step(sim, step)
            if ckpt_every and (step + 1) % ckpt_every == 0:
                if not sim.checkpoint(str(out / f"ckpt_{step + 1:06d}.bin")):
                    log.warning("checkpoint at step %d failed", step + 1)
        for cb, name in zip(callbacks, ("energy", "field", "probe")):
            cb.save(str(out / f"{name}.npy"))
        for h in sim.histograms(64):
            log.info("%s: %d particles histogrammed", h.species, int(sum(h.counts)))
    finally:
        _pic.finalize()


if __name__ == "__main__":
    main()
