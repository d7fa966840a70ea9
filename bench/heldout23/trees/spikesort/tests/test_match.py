import numpy as np
import pytest
import torch

_spikecore = pytest.importorskip("spikesort._spikecore")

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def _planted(n_channels=4, nt=11, n=2048, at=(300, 1200)):
    rng = np.random.default_rng(1)
    tpl = rng.standard_normal((1, n_channels, nt)).astype(np.float32)
    tpl /= np.linalg.norm(tpl)
    x = torch.zeros((n_channels, n), dtype=torch.float32, pin_memory=True)
    for t in at:
        x[:, t - nt // 2: t + nt // 2 + 1] += torch.from_numpy(tpl[0] * 20.0)
    return tpl, x


def test_match_finds_planted_spikes():
    tpl, x = _planted()
    m = _spikecore.TemplateMatcher(4, 11, 3.0)
    m.set_templates(tpl)
    times, units, amps = m.match(x.numpy(), 0)
    assert set(times.tolist()) == {300, 1200}
    assert (units == 0).all()


def test_drift_zero_for_identical_batches():
    d = _spikecore.DriftEstimator(16, 4, 160.0)
    depths = np.linspace(0, 150, 64).astype(np.float32)
    amps = np.full(64, 30.0, np.float32)
    d.begin_block(0)
    assert d.estimate(depths, amps) == 0.0
    d.begin_block(65536)
    assert d.estimate(depths, amps) == 0.0
