import pytest
import torch

from verifrl.advantages import grpo_advantages


@pytest.mark.skipif(not torch.cuda.is_available(), reason="pinned memory needs CUDA")
def test_group_normalised():
    r = torch.tensor([1.0, 0.0, 1.0, 0.0, 0.5, 0.5, 0.5, 0.5]).pin_memory()
    adv = grpo_advantages(r, 2, 4)
    assert torch.allclose(adv[:4].mean(), torch.tensor(0.0), atol=1e-6)
    assert torch.allclose(adv[4:], torch.zeros(4))
