import numpy as np

from reverb._ffi import fbuf, lib


def test_accumulate_empty_scene():
    ctx = lib.rr_create(1, 16)
    hist = np.zeros(64, np.float32)
    rcv = np.zeros(3, np.float32)
    assert lib.rr_accumulate(ctx, fbuf(rcv), 0.5, 64, fbuf(hist)) == 0
    assert hist.sum() == 0
    lib.rr_destroy(ctx)
