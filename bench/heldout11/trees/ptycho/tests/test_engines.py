import numpy as np
import pytest
import torch

cp = pytest.importorskip("cupy")

from ptycho.engines import ENGINES  # noqa: E402


def test_registry():
    assert set(ENGINES) == {"epie", "rpie", "lsqml"}


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_pinned_pattern():
    amp = torch.ones((32, 32)).pin_memory()
    assert amp.is_pinned()
