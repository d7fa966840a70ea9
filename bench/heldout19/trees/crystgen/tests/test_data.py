import pytest
import torch

from crystgen.data import collate_crystals

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA for pinned memory")


def _sample(n):
    return {"frac": torch.rand(n, 3), "types": torch.randint(1, 90, (n,)), "lattice": torch.eye(3) * 4}


def test_collate_offsets_batch_ids():
    out = collate_crystals([_sample(2), _sample(3)], max_atoms=20)
    assert out["batch"].tolist() == [0, 0, 1, 1, 1]
    assert out["lattice"].shape == (2, 3, 3)


def test_pinned_lattice_copy():
    ref = torch.eye(3).pin_memory()
    assert ref.is_pinned()
    assert torch.equal(ref.cuda(non_blocking=True).cpu(), torch.eye(3))
