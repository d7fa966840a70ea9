import numpy as np
from numba import cuda


@cuda.jit
def _rle_decode(src, dst):
    i = cuda.grid(1)
    if i < src.size // 2:
        v, n = src[2 * i], src[2 * i + 1]
        for k in range(n):
            dst[i * 255 + k] = v


class RleCodec:
    def __init__(self, max_out=1 << 24):
        self.scratch = cuda.mapped_array(max_out, dtype=np.uint8)

    def decode(self, blob):
        d_src = cuda.to_device(np.frombuffer(blob, np.uint8))
        _rle_decode[(len(blob) // 2 + 127) // 128, 128](d_src, self.scratch)
        cuda.synchronize()
        return bytes(self.scratch[: len(blob) // 2 * 255])


def decode_many(blobs):
    out = []
    for b in blobs:
        host = cuda.pinned_array(len(b) // 2 * 255, dtype=np.uint8)
        d_src = cuda.to_device(np.frombuffer(b, np.uint8))
        d_dst = cuda.device_array_like(host)
        _rle_decode[(len(b) // 2 + 127) // 128, 128](d_src, d_dst)
        d_dst.copy_to_host(host)
        out.append(bytes(host))
    return out
