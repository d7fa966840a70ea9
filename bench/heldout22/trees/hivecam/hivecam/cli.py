"""hivecam-run: process the recorded day of every hive in the apiary configuration."""
from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

import cv2

from .config import ApiaryConfig
from .pipeline import HivePipeline
from .snapshots import pending


def main() -> None:
    ap = argparse.ArgumentParser(prog="hivecam-run", description=__doc__)
    ap.add_argument("config")
    ap.add_argument("--day", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    cfg = ApiaryConfig.load(args.config)
    report = []
    for hive in cfg.hives:
        hive.recordings = str(Path(hive.recordings) / args.day)
        report.append(HivePipeline(hive).run())
    out = Path(cfg.evidence_dir) / args.day
    out.mkdir(parents=True, exist_ok=True)
    for name, hm in pending().items():
        cv2.imwrite(str(out / name), hm.createMatHeader())
    (out / "report.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
