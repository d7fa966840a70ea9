"""Run the scan jobs of a station configuration one after another."""
from __future__ import annotations

import argparse
import json
import logging

from .monitor import Monitor, ScanJob
from .sdr import open_source


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config")
    ap.add_argument("--device", default="sdr0")
    ap.add_argument("--jobs", nargs="*", help="run only these jobs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    with open(args.config) as fh:
        cfg = json.load(fh)
    for raw in cfg["jobs"]:
        job = ScanJob(**raw)
        if args.jobs and job.name not in args.jobs:
            continue
        mon = Monitor(job)
        try:
            mon.run(open_source(args.device, job.window_samples))
        finally:
            mon.close()


if __name__ == "__main__":
    main()
