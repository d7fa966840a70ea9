import numpy as np
import pytest

from specmon._lib import check, lib

pytestmark = pytest.mark.gpu


def test_tone_lands_in_the_right_bin():
    nfft, fs = 4096, 1.0e6
    ctx = lib.sm_create(0, nfft, 64, fs, 100e6)
    assert ctx
    try:
        t = np.arange(nfft * 8)
        tone = np.exp(2j * np.pi * 125e3 * t / fs) * 8000
        iq = np.empty(2 * len(t), np.int16)
        iq[0::2], iq[1::2] = tone.real, tone.imag
        psd = np.empty(nfft, np.float32)
        check(lib.sm_channelize(ctx, iq.ctypes.data, len(t), psd.ctypes.data))
        assert abs(int(np.argmax(psd)) - (nfft // 2 + int(125e3 / fs * nfft))) <= 1
    finally:
        lib.sm_destroy(ctx)
