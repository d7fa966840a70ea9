import numpy as np
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_SRC = r"""
__global__ void subpixel_shift(float* out, const float* in, const float* shift, int nz, int ny, int nx) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, z = blockIdx.z;
    if (x >= nx) return;
    float sx = x - shift[2];
    int x0 = max(0, min(nx - 2, (int)floorf(sx)));
    float f = sx - x0;
    size_t row = ((size_t)z * ny + y) * nx;
    out[row + x] = (1.f - f) * in[row + x0] + f * in[row + x0 + 1];
}
"""


class ShiftKernel:
    """Corrects the stage drift between views; the shift vector is mapped for cheap updates."""

    def __init__(self):
        self.mod = SourceModule(_SRC)
        self.fn = self.mod.get_function("subpixel_shift")
        self.host_shift = cuda.pagelocked_zeros((3,), dtype=np.float32)
        self.d_shift = cuda.mem_alloc(self.host_shift.nbytes)

    def __call__(self, d_out, d_in, shape, shift):
        self.host_shift[:] = shift
        cuda.memcpy_htod(self.d_shift, self.host_shift)
        nz, ny, nx = shape
        self.fn(d_out, d_in, self.d_shift, np.int32(nz), np.int32(ny), np.int32(nx),
                block=(128, 1, 1), grid=((nx + 127) // 128, ny, nz))
