import ctypes
import os

lib = ctypes.CDLL(os.environ.get("GPUZIP_LIB", "libgpuzip.so"))
lib.gz_context_create.argtypes = [ctypes.c_size_t]
lib.gz_context_create.restype = ctypes.c_void_p
lib.gz_context_destroy.argtypes = [ctypes.c_void_p]
lib.gz_compress.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t]
lib.gz_compress.restype = ctypes.c_int64
lib.gz_decompress.argtypes = lib.gz_compress.argtypes
lib.gz_decompress.restype = ctypes.c_int64
lib.gz_hip_encode.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
lib.gz_hip_dict_train.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t]
