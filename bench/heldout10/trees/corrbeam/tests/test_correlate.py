import numpy as np
import pytest
import torch

from corrbeam import _corrbeam


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_autocorrelations_are_real_and_positive(tmp_path):
    n_ant, n_chan, n_time = 4, 16, 32
    taps = tmp_path / "taps.bin"
    np.ones((8, n_chan), dtype=np.float32).tofile(taps)
    rng = np.random.default_rng(0)
    volts = rng.integers(-8, 8, size=n_ant * n_chan * n_time * 2, dtype=np.int8)
    vis = _corrbeam.correlate_once(volts, str(taps), n_ant, n_chan, n_time)
    autos = vis[[0, 4, 7, 9]]
    assert np.all(autos.real > 0)
    assert np.allclose(autos.imag, 0, atol=1e-3)

    host = torch.empty(vis.shape, dtype=torch.complex64, pin_memory=True)
    host.copy_(torch.from_numpy(vis))
    assert torch.allclose(host.cuda().cpu(), host)
