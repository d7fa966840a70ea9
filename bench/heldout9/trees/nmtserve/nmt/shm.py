"""Zero-copy input from the preprocessing sidecar through POSIX shared memory."""
from multiprocessing import shared_memory

import numpy as np
import torch

MAGIC = 0x4E4D5431


class SharedPromptBuffer:
    def __init__(self):
        self.shm = None
        self.ptr = 0

    def attach(self, name, nbytes):
        self.shm = shared_memory.SharedMemory(name=name)
        buf = np.ndarray((nbytes,), dtype=np.uint8, buffer=self.shm.buf)
        self.ptr = buf.ctypes.data
        cudart = torch.cuda.cudart()
        if int(cudart.cudaHostRegister(self.ptr, nbytes, 0)) != 0:
            raise RuntimeError("host registration failed")
        hdr = buf[:8].view(np.uint32)
        if hdr[0] != MAGIC:
            raise ValueError(f"segment {name} has no NMT header")
        self.count = int(hdr[1])
        self.view = torch.from_numpy(buf[8:])
        return self

    def detach(self):
        if self.ptr:
            torch.cuda.cudart().cudaHostUnregister(self.ptr)
            self.ptr = 0
        if self.shm is not None:
            self.shm.close()
