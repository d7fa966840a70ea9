"""Write a synthetic filterbank with one dispersed pulse (used to check the pipeline end to end)."""
import sys

import cupyx
import numpy as np


def main(out, dm=600.0, nchan=1024, nsamp=1 << 17, tsamp=64e-6, f0=1530.0, df=-0.29):
    data = cupyx.empty_pinned((nsamp, nchan), dtype=np.uint8)
    data[:] = np.random.default_rng(1).normal(96, 12, size=(nsamp, nchan)).clip(0, 255)
    for c in range(nchan):
        f = f0 + c * df
        t = int(4.148808e3 * dm * (1 / f**2 - 1 / f0**2) / tsamp) + nsamp // 3
        if 0 <= t < nsamp:
            data[t : t + 4, c] = 255
    with open(out, "wb") as fh:
        fh.write(b"\0" * 512)
        data.tofile(fh)


if __name__ == "__main__":
    main(sys.argv[1])
