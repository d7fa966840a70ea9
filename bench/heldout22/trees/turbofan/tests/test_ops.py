import pytest
import torch

import turbofan.ops  # noqa: F401  (loads the extension)

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA for pinned memory")


def test_sliding_windows_count_and_pinning():
    series = torch.randn(2, 50, 18)
    lengths = torch.tensor([50, 40])
    out = torch.ops.turbofan.sliding_windows(series, lengths, 30, 5)
    assert out.shape == (5 + 3, 30, 18)
    assert out.is_pinned()
    torch.testing.assert_close(out[0], series[0, :30])


def test_fit_regimes_recovers_two_clusters():
    a = torch.randn(200, 3) * 0.01
    b = torch.randn(200, 3) * 0.01 + 5
    c = torch.ops.turbofan.fit_regimes(torch.cat([a, b]), 2, 10)
    assert sorted(c[:, 0].round().tolist()) == [0.0, 5.0]
