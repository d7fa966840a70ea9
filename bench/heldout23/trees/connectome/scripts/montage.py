"""Stitches the per-section previews of one volume into a single overview PNG (run once after
alignment, for the lab wiki)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("proc_dir")
    ap.add_argument("--cols", type=int, default=20)
    ap.add_argument("-o", "--out", default="overview.png")
    args = ap.parse_args()
    d = Path(args.proc_dir)
    previews = sorted(d.glob("preview_*.png"))
    offsets = json.loads((d / "offsets.json").read_text())
    first = cv2.imread(str(previews[0]), cv2.IMREAD_GRAYSCALE)
    h, w = first.shape
    rows = (len(previews) + args.cols - 1) // args.cols
    sheet = cv2.cuda.HostMem(rows * h, args.cols * w, cv2.CV_8UC1)
    canvas = sheet.createMatHeader()
    canvas[...] = 0
    for i, p in enumerate(previews):
        img = cv2.imread(str(p), cv2.IMREAD_GRAYSCALE)
        dy, dx = offsets[i] if i < len(offsets) else (0.0, 0.0)
        m = np.float32([[1, 0, -dx / 16], [0, 1, -dy / 16]])
        img = cv2.warpAffine(img, m, (w, h))
        r, c = divmod(i, args.cols)
        canvas[r * h: (r + 1) * h, c * w: (c + 1) * w] = img[:h, :w]
    cv2.imwrite(args.out, canvas)


if __name__ == "__main__":
    main()
