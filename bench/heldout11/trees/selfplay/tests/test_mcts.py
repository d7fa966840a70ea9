import numpy as np
import pytest
import torch

_C = pytest.importorskip("selfplay._C")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_search_visits():
    tree = _C.SearchTree(9, 4, 1.5)
    assert len(tree.policy()) == 81
    leaf = torch.empty(81, dtype=torch.float32, pin_memory=True)
    leaf.copy_(torch.tensor(tree.policy()))
    assert abs(float(leaf.sum()) - 1.0) < 1e-3 or float(leaf.sum()) == 0.0
