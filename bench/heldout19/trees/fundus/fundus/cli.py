from __future__ import annotations

import json
import logging
import sys

import cv2

from .config import parse_args
from .pipeline import ScreeningPipeline


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO)
    cfg, args = parse_args(argv)
    files = sorted(p for p in args.images.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    pipe = ScreeningPipeline(cfg)
    cfg.out_dir.mkdir(parents=True, exist_ok=True)
    try:
        with open(cfg.out_dir / "results.jsonl", "w") as out:
            for start in range(0, len(files), cfg.batch):
                batch = files[start:start + cfg.batch]
                images = [cv2.imread(str(p), cv2.IMREAD_COLOR) for p in batch]
                for path, res in zip(batch, pipe.screen(images)):
                    out.write(json.dumps({"file": path.name, **res}) + "\n")
    finally:
        pipe.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
