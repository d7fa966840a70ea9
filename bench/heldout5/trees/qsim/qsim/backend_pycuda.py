import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
import pycuda.gpuarray as gpuarray
from pycuda.compiler import SourceModule

_SRC = r"""
#include <pycuda-complex.hpp>
typedef pycuda::complex<float> cf;
__global__ void apply1(cf* psi, const cf* m, int target, long n) {
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    long half = n >> 1;
    if (i >= half) return;
    long lo = i & ((1L << target) - 1);
    long i0 = ((i >> target) << (target + 1)) | lo;
    long i1 = i0 | (1L << target);
    cf a = psi[i0], b = psi[i1];
    psi[i0] = m[0] * a + m[1] * b;
    psi[i1] = m[2] * a + m[3] * b;
}
"""


class PyCudaBackend:
    def __init__(self, n_qubits):
        self.n = n_qubits
        self.dim = 1 << n_qubits
        self.mod = SourceModule(_SRC, no_extern_c=False)
        self.apply1 = self.mod.get_function("apply1")
        self.psi = gpuarray.zeros(self.dim, dtype=np.complex64)
        self.host = cuda.pagelocked_empty(self.dim, dtype=np.complex64)
        self.stream = cuda.Stream()

    def reset(self):
        self.host[:] = 0
        self.host[0] = 1
        self.psi.set(self.host)

    def apply_gate(self, mat, qubits):
        if len(qubits) != 1:
            raise NotImplementedError("multi-qubit gates go through the native backend")
        mat_host = cuda.pagelocked_zeros((2, 2), dtype=np.complex64)
        mat_host[...] = mat
        m_dev = cuda.to_device(mat_host)
        threads = 256
        blocks = max(1, (self.dim // 2 + threads - 1) // threads)
        self.apply1(self.psi.gpudata, m_dev, np.int32(qubits[0]), np.int64(self.dim),
                    block=(threads, 1, 1), grid=(blocks, 1), stream=self.stream)

    def sync_host(self):
        out = np.empty(self.dim, dtype=np.complex64)
        reg = cuda.register_host_memory(out)
        self.psi.get_async(self.stream, ary=reg)
        self.stream.synchronize()
        return np.abs(reg) ** 2

    def state(self):
        self.psi.get(ary=self.host)
        return self.host.copy()
