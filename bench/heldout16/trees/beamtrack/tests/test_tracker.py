import numpy as np
import pytest
import torch

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")


@cuda
def test_download_roundtrip():
    from beamtrack import _bt

    st = _bt.BeamState(128)
    src = np.random.default_rng(0).normal(size=(128, 6))
    st.upload(src)
    dst = torch.empty((128, 6), dtype=torch.float64, pin_memory=True)
    st.download(dst.numpy())
    np.testing.assert_allclose(dst.numpy(), src)


@cuda
def test_drift_is_linear_in_length():
    from beamtrack import _bt

    st = _bt.BeamState(4)
    st.upload(np.tile([1e-3, 1e-4, 0, 0, 0, 0], (4, 1)))
    _bt.drift(st, 2.0)
    out = st.snapshot().reshape(4, 6)
    assert out[0, 0] == pytest.approx(1e-3 + 2e-4)


def test_parse_sequence(tmp_path):
    from beamtrack.lattice import parse_sequence

    p = tmp_path / "x.seq"
    p.write_text("QF: quadrupole, l=1.0, k1=0.5 ! focusing\nD: drift, l=2\n")
    specs = parse_sequence(p)
    assert [s.kind for s in specs] == ["quadrupole", "drift"]
    assert specs[0].params == {"k1": 0.5}
