from __future__ import annotations

import argparse
import logging

import cv2

from . import _stager
from .align import Aligner
from .config import load_volumes


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Align and seed every configured EM volume.")
    ap.add_argument("volumes", help="YAML file with a `volumes` list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    for spec in load_volumes(args.volumes):
        stager = _stager.SectionStager(spec.tile_px, 4)
        mask = cv2.imread(str(spec.mask), cv2.IMREAD_GRAYSCALE)
        stager.attach_mask(mask)
        Aligner(spec, stager).run()


if __name__ == "__main__":
    main()
