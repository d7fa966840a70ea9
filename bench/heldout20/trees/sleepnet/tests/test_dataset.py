import pytest
import torch

from sleepnet.buffers import EpochBuffer

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


@cuda
def test_confusion_and_kappa():
    buf = EpochBuffer(5)
    buf.update(torch.tensor([0, 1, 2, 2]), torch.tensor([0, 1, 2, 3]))
    assert buf.seen == 4
    assert buf.confusion.is_pinned()
    assert 0.0 < buf.kappa() < 1.0


@cuda
def test_nonblocking_copy_into_pinned():
    dst = torch.zeros(4096).pin_memory()
    src = torch.arange(4096.0, device="cuda")
    dst.copy_(src, non_blocking=True)
    torch.cuda.synchronize()
    assert torch.equal(dst, src.cpu())
