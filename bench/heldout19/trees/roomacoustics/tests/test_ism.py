import ctypes

import numpy as np

from roomacoustics._lib import cudart
from roomacoustics.room import Room


def test_direct_path_arrives_on_time():
    room = Room((10.0, 8.0, 3.0), (0.99,) * 6)
    h = room.rir((2.0, 2.0, 1.5), (5.0, 2.0, 1.5), fs=48000, max_order=0)
    assert abs(int(np.argmax(np.abs(h))) - round(3.0 / 343.0 * 48000)) <= 1


def test_runtime_page_locked_roundtrip():
    p = ctypes.c_void_p()
    assert cudart.cudaMallocHost(ctypes.byref(p), 1024) == 0
    ctypes.memset(p, 1, 1024)
    assert cudart.cudaFreeHost(p) == 0
