import numpy as np
import pytest
import torch

from metaclass.config import ClassifyConfig

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@cuda
def test_taxa_roundtrip_pinned():
    t = torch.arange(1024, dtype=torch.int32).pin_memory()
    assert t.is_pinned()
    assert int(t.to("cuda").sum()) == int(np.arange(1024).sum())


def test_config_defaults():
    cfg = ClassifyConfig()
    assert cfg.k > cfg.minimizer_len
    assert cfg.pinned_pool >= 2
