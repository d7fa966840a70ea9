#!/usr/bin/env python3
import argparse
import glob

import numpy as np
import pycuda.driver as drv
from astropy.io import fits

from astrostack.config import StackConfig
from astrostack.stack import Stacker


def main():
    ap = argparse.ArgumentParser(description="Calibrate, register and stack one night of subs")
    ap.add_argument("lights")
    ap.add_argument("--dark", required=True)
    ap.add_argument("--flat", required=True)
    ap.add_argument("--out", default="stack.fits")
    a = ap.parse_args()
    cfg = StackConfig()
    stacker = Stacker(cfg, a.dark, a.flat)
    frames = (fits.getdata(p).astype(np.float32) for p in sorted(glob.glob(a.lights)))
    result = stacker.run(frames)
    out = drv.pagelocked_empty(result.shape, dtype=np.float32)
    out[:] = result
    fits.writeto(a.out, out, overwrite=True)
    stacker.drizzle.write(a.out.replace(".fits", "_drz.fits"))
    stacker.drizzle.close()


if __name__ == "__main__":
    main()
