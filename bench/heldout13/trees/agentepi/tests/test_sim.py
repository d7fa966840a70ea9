import numpy as np
import pytest
import torch

epi = pytest.importorskip("agentepi._epi")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_population_is_conserved(tiny_population):
    p = epi.Params()
    p.n_regions = 2
    sim = epi.Simulation(str(tiny_population), p, 7)
    seeds = torch.arange(10, dtype=torch.int32).pin_memory()
    sim.step_day([(0, seeds.tolist())])
    counts = sim.compartments()
    assert int(counts.sum()) == 1000
