import ctypes

from ._lib import lib


class CompressStream:
    def __init__(self, fileobj, chunk=4 << 20, backend="cuda"):
        self.f = fileobj
        self.chunk = chunk
        self.backend = backend
        self.ctx = lib.gz_context_create(chunk)
        self.out = ctypes.create_string_buffer(chunk + chunk // 8)

    def write(self, data: bytes):
        for off in range(0, len(data), self.chunk):
            piece = data[off : off + self.chunk]
            if self.backend == "hip":
                n = lib.gz_hip_encode(piece, len(piece), self.out)
            else:
                n = lib.gz_compress(self.ctx, piece, len(piece), self.out, len(self.out))
            if n < 0:
                raise IOError(f"compression failed ({n})")
            self.f.write(n.to_bytes(4, "little"))
            self.f.write(self.out.raw[:n])

    def read_block(self, blob: bytes, cap: int):
        out = ctypes.create_string_buffer(cap)
        n = lib.gz_decompress(self.ctx, blob, len(blob), out, cap)
        return out.raw[:n]

    def close(self):
        lib.gz_context_destroy(self.ctx)
        self.f.close()


def train_dictionary(samples: bytes, dict_size=112640):
    d = ctypes.create_string_buffer(dict_size)
    if lib.gz_hip_dict_train(samples, len(samples), d, dict_size) != 0:
        raise ValueError("dictionary training failed")
    return d.raw
