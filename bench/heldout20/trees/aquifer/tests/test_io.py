import numpy as np
import pytest
import torch

from aquifer import _core
from aquifer.io import FieldFormatError, load_permeability

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")


def _solver():
    return _core.Solver(16, 8, 2, 1.0, 1.0, 1.0, 3, 1)


def test_download_roundtrip():
    s = _solver()
    host = torch.empty(s.cells() * s.species(), dtype=torch.float64, pin_memory=True)
    s.download(host.numpy())
    assert torch.count_nonzero(host) == 0


def test_short_permeability_file(tmp_path):
    p = tmp_path / "k.bin"
    p.write_bytes(b"KFIELD01")
    with pytest.raises(FieldFormatError):
        load_permeability(_solver(), p)


def test_sample_empty():
    assert _solver().sample([], 0) == []


def test_wells_change_source():
    s = _solver()
    s.apply_wells([(3, 0.5, [1.0, 1.0])])
    s.step(1.0)
    vals = np.asarray(s.sample([3, 4, 5], 0))
    assert vals[0] > 0 and vals[2] == 0
