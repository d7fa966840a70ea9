"""One-shot: pack a directory of .npy spectra into a spectral library file for ss_library_open."""
import glob
import sys

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda


def main(src, dst, max_peaks=150):
    files = sorted(glob.glob(f"{src}/*.npy"))
    packed = cuda.pagelocked_zeros((len(files), max_peaks, 2), np.float32)
    for i, f in enumerate(files):
        peaks = np.load(f)[:max_peaks]
        packed[i, : len(peaks)] = peaks
    with open(dst, "wb") as fh:
        np.array([len(files), max_peaks], np.int32).tofile(fh)
        packed.tofile(fh)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
