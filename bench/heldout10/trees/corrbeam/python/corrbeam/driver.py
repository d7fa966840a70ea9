"""Offline replay: push recorded voltage blocks through the correlator pipeline."""
from __future__ import annotations

import argparse
import logging

import numpy as np
import yaml

from corrbeam import _corrbeam
from corrbeam.monitor import DumpMonitor

log = logging.getLogger("corrbeam.driver")


def read_blocks(path: str, block_bytes: int):
    with open(path, "rb") as fh:
        seq = 0
        while True:
            raw = fh.read(block_bytes)
            if len(raw) < block_bytes:
                return
            yield seq, np.frombuffer(raw, dtype=np.int8).copy()
            seq += 1


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", required=True)
    ap.add_argument("--input", required=True, help="raw 8-bit voltage capture")
    ap.add_argument("--monitor", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> None:
    args = parse_args(argv)
    with open(args.config) as fh:
        cfg = yaml.safe_load(fh)
    pcfg = cfg["pipeline"]
    block_bytes = pcfg["n_ant"] * pcfg["n_chan"] * pcfg["n_time"] * 2
    pipe = _corrbeam.Pipeline(pcfg)
    monitor = None
    if args.monitor:
        monitor = DumpMonitor(pcfg["n_chan"], device=cfg.get("monitor_device", "cuda:0"))
        monitor.start()
    seen = 0
    for seq, volts in read_blocks(args.input, block_bytes):
        pipe.run_block(volts, seq)
        if monitor is not None and pipe.dumps() != seen:
            seen = pipe.dumps()
            monitor.submit(pipe.last_dump())
    if monitor is not None:
        monitor.submit(None)
        monitor.join()
    log.info("replayed %d dumps", seen)


if __name__ == "__main__":
    main()
