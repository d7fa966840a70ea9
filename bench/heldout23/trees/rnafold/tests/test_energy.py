import numpy as np
import pytest

_energy = pytest.importorskip("rnafold._energy")


def test_pair_probs_rows_sum_below_one(tmp_path):
    cache = _energy.PairCache(32)
    logits = np.random.default_rng(0).standard_normal((2, 16, 16)).astype(np.float32)
    p = cache.pair_probs(logits)
    assert p.shape == (2, 16, 16)
    assert (p.sum(axis=2) < 1.0).all()


def test_stacking_table(tmp_path):
    par = tmp_path / "t.par"
    par.write_text("".join(f"# s{k}\n" + " ".join(["-240"] * 6) + "\n" for k in range(8)))
    t = _energy.EnergyTable()
    t.load(str(par))
    assert t.stacking().shape == (6, 6)
