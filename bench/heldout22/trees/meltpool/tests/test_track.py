import pytest

from meltpool._ffi import check, ffi, lib

pytestmark = pytest.mark.gpu


def test_single_track_melts():
    ctx = lib.mp_create(0, 64, 64, 8, 20.0, b"Ti6Al4V")
    assert ctx != ffi.NULL
    try:
        v = ffi.new("mp_vector*", {"x0": 0.2, "y0": 0.6, "x1": 1.0, "y1": 0.6, "power_w": 280.0, "speed_mm_s": 1200.0})
        peak = ffi.new("float*")
        check(lib.mp_scan_track(ctx, v, peak))
        assert peak[0] > 1928.0
    finally:
        lib.mp_destroy(ctx)
