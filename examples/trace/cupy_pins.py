"""CuPy pinned arrays in a loop (needs a CUDA GPU): `ghosttax trace -- python cupy_pins.py`.
CuPy links the CUDA runtime statically, and that runtime finds the driver's functions with
cuGetProcAddress: the trace wraps what that lookup answers, so these pins are seen as
`cuMemHostAlloc`. The raw driver calls at the end go through the dynamic `libcuda.so.1`."""
import ctypes

import cupyx
import numpy

MiB = 1 << 20

arrays = [cupyx.empty_pinned((MiB,), dtype=numpy.float32) for _ in range(5)]  # PIN:cupy
print("cupy pinned arrays", len(arrays), arrays[0].nbytes)

# The driver API, called through the global namespace as a program linked to libcuda does.
ctypes.CDLL("libcuda.so.1", mode=ctypes.RTLD_GLOBAL)
drv = ctypes.CDLL(None)
drv.cuInit(0)
dev = ctypes.c_int()
ctx = ctypes.c_void_p()
drv.cuDeviceGet(ctypes.byref(dev), 0)
drv.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev)
drv.cuCtxSetCurrent(ctx)
p = ctypes.c_void_p()
drv.cuMemHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
for _ in range(3):
    r = drv.cuMemHostAlloc(ctypes.byref(p), 2 * MiB, 0)  # PIN:driver
    drv.cuMemFreeHost(p)
print("driver pins", r)
