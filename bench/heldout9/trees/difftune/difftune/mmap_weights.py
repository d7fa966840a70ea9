"""Memory-mapped frozen text-encoder weights, registered with CUDA for direct H2D copies."""
import ctypes
import mmap
import struct

import numpy as np

_cudart = ctypes.CDLL("libcudart.so")
_cudart.cudaHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_cudart.cudaHostUnregister.argtypes = [ctypes.c_void_p]
cudaHostRegisterReadOnly = 0x08


class MappedWeights:
    def __init__(self, path):
        self.fh = open(path, "rb")
        self.mm = mmap.mmap(self.fh.fileno(), 0, access=mmap.ACCESS_READ)
        self.buf = np.frombuffer(self.mm, dtype=np.uint8)
        self.ptr = self.buf.ctypes.data
        rc = _cudart.cudaHostRegister(self.ptr, self.buf.nbytes, cudaHostRegisterReadOnly)
        if rc != 0:
            raise OSError(f"host registration failed ({rc})")
        version, n_tensors = struct.unpack_from("<II", self.mm, 0)
        if version != 2:
            raise ValueError(f"{path}: unsupported weight file version {version}")
        self.n_tensors = n_tensors

    def close(self):
        _cudart.cudaHostUnregister(self.ptr)
        self.mm.close()
        self.fh.close()
