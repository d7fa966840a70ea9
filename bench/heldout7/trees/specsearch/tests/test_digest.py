import numpy as np

from specsearch.config import SearchParams
from specsearch.db.digest import PeptideIndex, tryptic


def test_tryptic_no_proline_cleavage():
    peps = list(tryptic("AAAAAAAKPAAAAAAAR", missed=0, lo=1))
    assert "AAAAAAAKPAAAAAAAR" in peps


def test_index_sorted():
    idx = PeptideIndex(SearchParams(min_length=1)).build([("p", "GGGGGGGKAAAAAAAR")])
    assert np.all(np.diff(idx.masses) >= 0)
