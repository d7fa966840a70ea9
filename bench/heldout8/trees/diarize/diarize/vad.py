import multiprocessing as mp

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_SRC = """
__global__ void energy(const float* x, float* e, int frame, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float s = 0.f; for (int k = 0; k < frame; ++k) s += x[i * frame + k] * x[i * frame + k]; e[i] = s / frame; }
}
"""


class VadKernel:
    def __init__(self, frame=400, max_frames=4096):
        self.frame = frame
        self.fn = SourceModule(_SRC).get_function("energy")
        self.energy = cuda.pagelocked_empty(max_frames, np.float32)
        self.d_energy = cuda.mem_alloc(self.energy.nbytes)

    def run(self, chunk, threshold=1e-3):
        n = chunk.shape[0] // self.frame
        x = cuda.pagelocked_empty(n * self.frame, np.float32)
        x[:] = chunk[: n * self.frame]
        d_x = cuda.to_device(x)
        self.fn(d_x, self.d_energy, np.int32(self.frame), np.int32(n), block=(128, 1, 1), grid=((n + 127) // 128, 1))
        cuda.memcpy_dtoh(self.energy[:n], self.d_energy)
        return self.energy[:n] > threshold


def vad_worker(in_q, out_q, ring_frames=1 << 16):
    ctx = cuda.Device(0).make_context()
    ring = np.zeros(ring_frames, dtype=np.float32)
    reg = cuda.register_host_memory(ring)
    vad = VadKernel()
    try:
        while True:
            item = in_q.get()
            if item is None:
                break
            n = min(len(item), ring_frames)
            reg[:n] = item[:n]
            out_q.put(vad.run(reg[:n]))
    finally:
        reg.base.unregister()
        ctx.pop()


def start_vad(n_workers=2):
    in_q, out_q = mp.Queue(), mp.Queue()
    procs = [mp.Process(target=vad_worker, args=(in_q, out_q), daemon=True) for _ in range(n_workers)]
    for p in procs:
        p.start()
    return in_q, out_q, procs
