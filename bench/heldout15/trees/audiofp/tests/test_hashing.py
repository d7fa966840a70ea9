import numpy as np
import pytest

numba_cuda = pytest.importorskip("numba.cuda")


@pytest.mark.skipif(not numba_cuda.is_available(), reason="needs CUDA")
def test_peaks_are_local_maxima():
    from audiofp.config import FPConfig
    from audiofp.peaks import pick_peaks

    spec = numba_cuda.pinned_array((64, 64), dtype=np.float32)
    spec[...] = -80.0
    spec[10, 20] = 0.0
    spec[40, 50] = -10.0
    peaks = pick_peaks(np.asarray(spec), FPConfig(neighbourhood=(3, 3)))
    assert {tuple(p) for p in peaks} == {(10, 20), (40, 50)}


def test_band_split_is_disjoint():
    bands = [(0, 128), (128, 384), (384, 1025)]
    edges = [b for band in bands for b in band]
    assert edges == sorted(edges)
