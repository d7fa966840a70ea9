import numpy as np
import pytest

try:
    from phasefield._ffi import fptr, lib
except OSError:
    pytest.skip("libpf not built", allow_module_level=True)


def test_single_seed_grows():
    sim = lib.pf_create(64, 64, 0.8, 0.01, 0.6, 0.05)
    centers = np.array([[25.6, 25.6]], np.float32)
    radii = np.array([3.0], np.float32)
    assert lib.pf_seed_nuclei(sim, fptr(centers), fptr(radii), 1) == 0
    assert lib.pf_step(sim, 200) == 0
    phi = np.empty((64, 64), np.float32)
    temp = np.empty_like(phi)
    assert lib.pf_snapshot(sim, fptr(phi), fptr(temp)) == 0
    assert (phi > 0.5).sum() > np.pi * (3.0 / 0.8) ** 2
    lib.pf_destroy(sim)
