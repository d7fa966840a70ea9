"""Reads every camera's calibration once after installation and prints the intrinsics."""
import glob
import sys

from balltrack import _bt

for path in sorted(glob.glob(f"{sys.argv[1]}/*.yml")):
    fx, fy, cx, cy = _bt.read_calibration(path)
    print(path, fx, fy, cx, cy)
