"""Statistical outlier removal (mean distance to the k nearest neighbours in a tile) with PyCUDA."""

import numpy as np
import pycuda.autoprimaryctx  # noqa: F401  share the primary context with Numba
import pycuda.driver as drv
from pycuda.compiler import SourceModule

_SRC = r"""
__global__ void knn_mean(const float4* pts, int n, int k, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 p = pts[i];
    float best[32];
    for (int j = 0; j < k; ++j) best[j] = 1e30f;
    for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        float dx = p.x - pts[j].x, dy = p.y - pts[j].y, dz = p.z - pts[j].z;
        float d = dx * dx + dy * dy + dz * dz;
        if (d < best[k - 1]) {
            int m = k - 1;
            while (m > 0 && best[m - 1] > d) { best[m] = best[m - 1]; --m; }
            best[m] = d;
        }
    }
    float acc = 0.f;
    for (int j = 0; j < k; ++j) acc += sqrtf(best[j]);
    out[i] = acc / k;
}
"""


class OutlierFilter:
    def __init__(self, max_points=200_000, k=16, tile=8192, std_ratio=2.0):
        self.k = k
        self.tile = tile
        self.std_ratio = std_ratio
        self.fn = SourceModule(_SRC).get_function("knn_mean")
        self.points_host = drv.register_host_memory(np.empty((max_points, 4), np.float32))
        self.d_pts = drv.mem_alloc(tile * 16)
        self.d_out = drv.mem_alloc(tile * 4)
        self.stream = drv.Stream()

    def mean_distances(self, pts):
        n = len(pts)
        self.points_host[:n] = pts
        out = np.empty(n, np.float32)
        for start in range(0, n, self.tile):
            stop = min(n, start + self.tile)
            m = stop - start
            tile_out = drv.pagelocked_empty(m, np.float32)
            drv.memcpy_htod_async(self.d_pts, self.points_host[start:stop], self.stream)
            self.fn(self.d_pts, np.int32(m), np.int32(self.k), self.d_out,
                    block=(128, 1, 1), grid=((m + 127) // 128, 1), stream=self.stream)
            drv.memcpy_dtoh_async(tile_out, self.d_out, self.stream)
            self.stream.synchronize()
            out[start:stop] = tile_out
        return out

    def filter_frame(self, pts):
        """Returns the inlier subset of pts."""
        d = self.mean_distances(pts)
        keep = drv.pagelocked_zeros(len(pts), np.bool_)
        np.less_equal(d, d.mean() + self.std_ratio * d.std(), out=keep)
        return pts[keep]
