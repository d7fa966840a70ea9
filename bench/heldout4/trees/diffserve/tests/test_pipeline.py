import pytest
import torch

from diffserve.schedulers import DDIMScheduler, EulerScheduler

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_euler_sigmas_end_at_zero():
    s = EulerScheduler()
    s.set_timesteps(10)
    assert float(s.sigmas[-1]) == 0.0


def test_ddim_caches_timesteps():
    s = DDIMScheduler()
    s.set_timesteps(25)
    first = s.timesteps
    s.set_timesteps(25)
    assert s.timesteps is first


def test_step_keeps_shape():
    s = EulerScheduler()
    s.set_timesteps(4)
    x = torch.randn((1, 4, 8, 8), pin_memory=True)
    assert s.step(torch.zeros_like(x), 0, x).shape == x.shape
