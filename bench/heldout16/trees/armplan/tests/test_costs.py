import pytest
import torch

from armplan.costs import smoothness_matrix


def test_straight_line_is_smooth():
    traj = torch.linspace(0, 1, 16)[:, None].repeat(1, 7)
    A = smoothness_matrix(16)
    assert torch.allclose(A @ traj, torch.zeros(14, 7), atol=1e-6)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_pinned_trajectory_upload():
    host = torch.zeros(16, 7, pin_memory=True)
    assert host.to("cuda", non_blocking=True).abs().sum().item() == 0.0
