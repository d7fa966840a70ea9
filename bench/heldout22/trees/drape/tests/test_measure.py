import numpy as np
import pytest

_drape = pytest.importorskip("drape_py._drape")


def _square(path, z=0.0):
    path.write_text("v 0 0 {z}\nv 1 0 {z}\nv 1 1 {z}\nv 0 1 {z}\nf 1 2 3\nf 1 3 4\n".format(z=z))
    return str(path)


def test_gap_to_a_landmark_on_the_cloth_is_minus_the_ease(tmp_path):
    garment = _drape.load_obj_pinned(_square(tmp_path / "g.obj"))
    avatar = _drape.load_obj_pinned(_square(tmp_path / "a.obj", z=-1.0))
    solver = _drape.Solver(garment, avatar, 1, 8)
    gaps = _drape.Measure().fit_report(solver, [_drape.Landmark(0.0, 0.0, 0.0, 0.01)])
    np.testing.assert_allclose(gaps, [-0.01], atol=1e-6)
