import numpy as np
import pytest
from numba import cuda

from nmc import Settings, Simulation


@pytest.mark.slow
def test_pincell_keff_is_plausible(tmp_path):
    s = Settings(particles=2000, batches=12, inactive=4, n_tally_bins=64, mesh=(4, 4, 1))
    sim = Simulation(s)
    try:
        k = sim.run()
        sim.write_tallies(str(tmp_path / "tallies.bin"))
    finally:
        sim.close()
    assert 0.2 < k < 2.0


def test_pinned_flux_buffer_layout():
    buf = cuda.pinned_array((2, 4, 4, 1), dtype=np.float64)
    buf[:] = 1.0
    assert buf[0].sum() == 16.0
