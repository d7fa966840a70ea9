import numpy as np
import pytest
import torch

posetrack = pytest.importorskip("posetrack")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA for page-locked memory")
def test_two_view_point():
    P0 = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]
    P1 = [[1, 0, 0, -1], [0, 1, 0, 0], [0, 0, 1, 0]]
    X = torch.tensor([0.2, -0.1, 4.0, 1.0]).pin_memory()
    x0 = np.asarray(P0, np.float32) @ X.numpy()
    x1 = np.asarray(P1, np.float32) @ X.numpy()
    tri = posetrack.Triangulator([sum(P0, []), sum(P1, [])])
    (p,) = tri.triangulate([[(x0[0] / x0[2], x0[1] / x0[2])], [(x1[0] / x1[2], x1[1] / x1[2])]], [[1.0], [1.0]])
    assert np.allclose(p, X.numpy()[:3], atol=1e-3)
