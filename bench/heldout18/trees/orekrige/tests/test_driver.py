import numpy as np
import torch

from orekrige.domains import DomainStats


def test_domain_stats_summary():
    s = DomainStats(0, np.array([1.0, 2.0, 3.0], dtype=np.float32))
    assert abs(float(s.summary[0]) - 2.0) < 1e-6


def test_pinned_roundtrip():
    t = torch.arange(16.0).pin_memory()
    assert t.is_pinned()
