"""Hard voxelisation (max_points per voxel) of an (N, 4) x/y/z/intensity cloud."""

import math

import numpy as np
from numba import cuda


@cuda.jit
def _assign_kernel(points, n, lo, inv_size, grid, out_coords):
    i = cuda.grid(1)
    if i >= n:
        return
    vx = int(math.floor((points[i, 0] - lo[0]) * inv_size[0]))
    vy = int(math.floor((points[i, 1] - lo[1]) * inv_size[1]))
    vz = int(math.floor((points[i, 2] - lo[2]) * inv_size[2]))
    if vx < 0 or vy < 0 or vz < 0 or vx >= grid[0] or vy >= grid[1] or vz >= grid[2]:
        out_coords[i] = -1
    else:
        out_coords[i] = (vz * grid[1] + vy) * grid[0] + vx


class Voxelizer:
    def __init__(self, lo, hi, voxel_size, max_points=32, max_voxels=40000, max_input=200_000):
        self.lo = np.asarray(lo, np.float32)
        self.voxel_size = np.asarray(voxel_size, np.float32)
        self.grid = np.ceil((np.asarray(hi, np.float32) - self.lo) / self.voxel_size).astype(np.int32)
        self.max_points = max_points
        self.max_voxels = max_voxels
        self.stream = cuda.stream()
        self.d_lo = cuda.to_device(self.lo)
        self.d_inv = cuda.to_device(1.0 / self.voxel_size)
        self.d_grid = cuda.to_device(self.grid)
        self.d_points = cuda.device_array((max_input, 4), np.float32)
        self.d_coords = cuda.device_array(max_input, np.int64)
        self.coords_host = cuda.pinned_array(max_input, dtype=np.int64)

    def voxelize(self, points):
        """points: (N, 4) float32 numpy -> (voxels [V, P, 4], coords [V], counts [V])."""
        n = len(points)
        staged = cuda.pinned_array(points.shape, dtype=np.float32)
        staged[...] = points
        self.d_points[:n].copy_to_device(staged, stream=self.stream)
        threads = 256
        _assign_kernel[(n + threads - 1) // threads, threads, self.stream](
            self.d_points, n, self.d_lo, self.d_inv, self.d_grid, self.d_coords)
        self.d_coords[:n].copy_to_host(self.coords_host[:n], stream=self.stream)
        self.stream.synchronize()
        flat = self.coords_host[:n]
        keep = flat >= 0
        uniq, inverse, counts = np.unique(flat[keep], return_inverse=True, return_counts=True)
        uniq, counts = uniq[: self.max_voxels], np.minimum(counts[: self.max_voxels], self.max_points)
        voxels = np.zeros((len(uniq), self.max_points, 4), np.float32)
        fill = np.zeros(len(uniq), np.int64)
        for p, v in zip(points[keep], inverse):
            if v < len(uniq) and fill[v] < self.max_points:
                voxels[v, fill[v]] = p
                fill[v] += 1
        return voxels, uniq, counts
