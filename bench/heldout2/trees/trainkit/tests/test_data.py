import numpy as np
import pytest
import torch
from torch.utils.data import DataLoader

from trainkit.data import PackedTokens, pad_collate

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="pinning needs CUDA")


@pytest.fixture
def token_file(tmp_path):
    p = tmp_path / "tokens.bin"
    np.arange(1000, dtype=np.uint16).tofile(p)
    return str(p)


def test_windows_are_shifted(token_file):
    ds = PackedTokens(token_file, 16)
    x, y = ds[3]
    assert torch.equal(x[1:], y[:-1])


@cuda
def test_loader_pins(token_file):
    dl = DataLoader(PackedTokens(token_file, 16), batch_size=4, pin_memory=True)
    x, _ = next(iter(dl))
    assert x.is_pinned()


@cuda
def test_pad_collate_pads_and_masks():
    docs = [torch.arange(5), torch.arange(3)]
    x, y = pad_collate(docs)
    assert x.shape == (2, 4)
    assert (y[1, 2:] == -100).all()
