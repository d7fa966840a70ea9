"""Pins through a library handle, as ctypes.CDLL("libcudart.so") does: the runtime is
loaded without RTLD_GLOBAL and its functions are looked up with dlsym on that handle.
Usage: python3 handle.py LIBFAKECUDART"""
import ctypes
import sys

rt = ctypes.CDLL(sys.argv[1])
rt.cudaHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
rt.cudaFreeHost.argtypes = [ctypes.c_void_p]

for step in range(3):
    p = ctypes.c_void_p()
    rt.cudaHostAlloc(ctypes.byref(p), 1536, 0)  # SITE:handle-py
    rt.cudaFreeHost(p)
print("handle.py done")
