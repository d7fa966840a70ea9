"""Prints DEM statistics through a page-locked copy (run once per new DEM)."""
import ctypes
import sys

import numpy as np

cuda = ctypes.CDLL("libcuda.so")
cuda.cuInit(0)
dev = ctypes.c_int()
ctx = ctypes.c_void_p()
cuda.cuDeviceGet(ctypes.byref(dev), 0)
cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev)
cuda.cuCtxSetCurrent(ctx)
elev = np.fromfile(sys.argv[1], dtype=np.float32, offset=8)
ptr = ctypes.c_void_p()
cuda.cuMemAllocHost_v2(ctypes.byref(ptr), ctypes.c_size_t(elev.nbytes))
host = np.ctypeslib.as_array(ctypes.cast(ptr, ctypes.POINTER(ctypes.c_float)), shape=elev.shape)
host[:] = elev
print(f"min {host.min():.2f} max {host.max():.2f} mean {host.mean():.2f}")
cuda.cuMemFreeHost(ptr)
