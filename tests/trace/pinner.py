"""Pins through ctypes the way a Python program reaches a runtime it loaded itself: the
fake runtime is loaded RTLD_GLOBAL and called through the global namespace, so the
interposer sits in between. Usage: python3 pinner.py LIBFAKECUDART"""
import ctypes
import os
import sys

ctypes.CDLL(sys.argv[1], mode=ctypes.RTLD_GLOBAL)
rt = ctypes.CDLL(None)
rt.cudaHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
rt.cudaFreeHost.argtypes = [ctypes.c_void_p]


def pin(n):
    p = ctypes.c_void_p()
    rt.cudaHostAlloc(ctypes.byref(p), n, 0)  # SITE:py-pin
    return p


class Batches:
    def __getitem__(self, i):
        return pin(2048)  # SITE:py-getitem


keep = [pin(1024) for _ in range(7)]  # SITE:py-caller
for p in keep:
    rt.cudaFreeHost(p)  # SITE:py-free
items = [Batches()[i] for i in range(4)]
child = os.fork()
if child == 0:
    pin(300)  # SITE:py-child
    os._exit(0)
os.waitpid(child, 0)
print("pinner.py done")
