import glob
import os

import mrcfile
import numpy as np
import torch


def list_micrographs(root, pattern="*.mrc"):
    return sorted(glob.glob(os.path.join(root, pattern)))


class MicrographReader:
    """Reads micrographs into one reusable host buffer sized for the largest frame."""

    def __init__(self, max_shape=(4096, 4096)):
        self.max_shape = max_shape
        self._scratch = torch.empty(max_shape, dtype=torch.float32, pin_memory=True)

    def read(self, path):
        with mrcfile.open(path, permissive=True) as mrc:
            data = np.asarray(mrc.data, dtype=np.float32)
        h, w = data.shape[-2:]
        if h > self.max_shape[0] or w > self.max_shape[1]:
            raise ValueError(f"{path}: {h}x{w} exceeds reader capacity {self.max_shape}")
        view = self._scratch[:h, :w]
        view.copy_(torch.from_numpy(data.reshape(h, w)))
        return view
