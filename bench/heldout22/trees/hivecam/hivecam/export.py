"""Time-lapse of a hive's day, for the outreach page (run by hand)."""
from __future__ import annotations

import argparse
from pathlib import Path

import cv2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("frames")
    ap.add_argument("out")
    ap.add_argument("--every", type=int, default=30)
    ap.add_argument("--size", type=int, nargs=2, default=(640, 360))
    args = ap.parse_args()
    w, h = args.size
    canvas = cv2.cuda.HostMem(h, w, cv2.CV_8UC3, cv2.cuda.HostMem_PAGE_LOCKED)
    writer = cv2.VideoWriter(args.out, cv2.VideoWriter_fourcc(*"mp4v"), 24, (w, h))
    for path in sorted(Path(args.frames).glob("*.jpg"))[:: args.every]:
        frame = cv2.imread(str(path))
        view = canvas.createMatHeader()
        cv2.resize(frame, (w, h), dst=view)
        writer.write(view)
    writer.release()


if __name__ == "__main__":
    main()
