"""Offline preprocessing of a LiDAR sequence into voxel tensors (one .npz per frame)."""

import argparse
import glob
import os

import numpy as np
from numba import cuda

from .augment import augment
from .pycuda_filter import OutlierFilter
from .voxelize import Voxelizer


def load_map(path):
    """Static HD-map points used to mask out ground; loaded once per process."""
    m = np.load(path).astype(np.float32)
    host = cuda.pinned_array(m.shape, dtype=np.float32)
    host[...] = m
    return cuda.to_device(host)


def read_bin(path):
    return np.fromfile(path, dtype=np.float32).reshape(-1, 4)


class Preprocessor:
    def __init__(self, lo, hi, voxel, map_path=None, train=False, seed=0):
        self.vox = Voxelizer(lo, hi, voxel)
        self.filter = OutlierFilter()
        self.map_dev = load_map(map_path) if map_path else None
        self.train = train
        self.rng = np.random.default_rng(seed)
        self.feat_host = None

    def run(self, paths, out_dir):
        os.makedirs(out_dir, exist_ok=True)
        for i, path in enumerate(paths):
            pts = read_bin(path)
            pts = self.filter.filter_frame(pts)
            if self.train:
                pts = augment(pts, self.rng)
            voxels, coords, counts = self.vox.voxelize(pts)
            if i == 0:
                # Size the feature staging from the first frame (2x headroom); later frames reuse it.
                self.feat_host = cuda.pinned_array((2 * len(voxels),) + voxels.shape[1:], dtype=np.float32)
            n = min(len(voxels), len(self.feat_host))
            self.feat_host[:n] = voxels[:n]
            np.savez(os.path.join(out_dir, os.path.basename(path).replace(".bin", ".npz")),
                     voxels=self.feat_host[:n], coords=coords[:n], counts=counts[:n])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seq_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--map")
    ap.add_argument("--train", action="store_true")
    args = ap.parse_args()
    pre = Preprocessor((0, -40, -3), (70.4, 40, 1), (0.05, 0.05, 0.1), map_path=args.map, train=args.train)
    pre.run(sorted(glob.glob(os.path.join(args.seq_dir, "*.bin"))), args.out_dir)


if __name__ == "__main__":
    main()
