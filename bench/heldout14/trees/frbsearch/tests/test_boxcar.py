import cupy as cp
import cupyx
import numpy as np

from frb.boxcar import search_widths


def test_single_pulse_found():
    dmt = cupyx.zeros_pinned((8, 4096), dtype=np.float32)
    dmt[3, 2000:2008] = 50.0
    peaks = search_widths(cp.asarray(dmt), [1, 8], 6.0)
    assert any(w == 8 for w, _ in peaks)
