import numpy as np
import pytest

_stager = pytest.importorskip("connectome._stager")


def test_crops_clip_to_section():
    st = _stager.SectionStager(64, 2)
    img = (np.arange(128 * 128) % 251).astype(np.uint8).reshape(128, 128)
    seeds = np.array([[0, 0], [64, 64], [127, 127]], np.int32)
    crops = st.crops(img, seeds, 9)
    assert [c.shape for c in crops] == [(5, 5), (9, 9), (5, 5)]


def test_flatfield_cached_per_size():
    st = _stager.SectionStager(64, 2)
    a = st.flatfield(64)
    b = st.flatfield(64)
    assert np.allclose(a, b)
