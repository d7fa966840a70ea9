import numpy as np
import pycuda.driver as cuda
from pyteomics import mzml


def iter_spectra(path, min_peaks=10):
    with mzml.read(path) as reader:
        for spec in reader:
            if spec.get("ms level") != 2 or len(spec["m/z array"]) < min_peaks:
                continue
            prec = spec["precursorList"]["precursor"][0]["selectedIonList"]["selectedIon"][0]
            yield spec["id"], float(prec["selected ion m/z"]), int(prec.get("charge state", 2)), \
                np.asarray(spec["m/z array"], np.float32), np.asarray(spec["intensity array"], np.float32)


class SpectrumBatcher:
    """Groups MS2 spectra into fixed-shape (batch, max_peaks, 2) blocks."""

    def __init__(self, path, batch_size, max_peaks):
        self.source = iter_spectra(path)
        self.batch_size = batch_size
        self.max_peaks = max_peaks

    def __iter__(self):
        return self

    def __next__(self):
        ids, precs = [], []
        block = cuda.pagelocked_empty((self.batch_size, self.max_peaks, 2), np.float32)
        block.fill(0)
        for sid, mz, z, mzs, ints in self.source:
            top = np.argsort(ints)[::-1][: self.max_peaks]
            k = len(ids)
            block[k, : top.size, 0] = mzs[top]
            block[k, : top.size, 1] = ints[top] / ints[top].max()
            ids.append(sid)
            precs.append((mz - 1.00728) * z)
            if len(ids) == self.batch_size:
                break
        if not ids:
            raise StopIteration
        return ids, np.asarray(precs, np.float32), block[: len(ids)]
