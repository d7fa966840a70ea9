"""Pins through a name looked up at run time, which static analysis cannot follow: GT401
under `check --trace`. Usage: python3 dispatch.py LIBFAKECUDART"""
import ctypes
import sys

ctypes.CDLL(sys.argv[1], mode=ctypes.RTLD_GLOBAL)
rt = ctypes.CDLL(None)
ALLOC = "cudaHost" + "Alloc"


def stage(n):
    p = ctypes.c_void_p()
    getattr(rt, ALLOC)(ctypes.byref(p), ctypes.c_size_t(n), 0)  # SITE:dispatch
    return p


for step in range(12):
    rt.cudaFreeHost(stage(4096))
print("dispatch.py done")
