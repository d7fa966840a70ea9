import numpy as np
import pytest
import torch

from mppi_swarm.costs import ProximityCost

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")


def test_proximity_penalises_close_pairs():
    states = torch.zeros((3, 6)).pin_memory()
    states[1, 0] = 0.2
    states[2, 0] = 5.0
    cost = ProximityCost(weight=1.0, radius=1.0)
    c = cost(states, torch.zeros((3, 3)))
    assert c[0] > 0 and c[2] == 0


def test_planner_shapes():
    from mppi_swarm import _mppi
    pc = _mppi.PlannerConfig()
    pc.n_drones, pc.horizon, pc.samples, pc.dt, pc.lambda_ = 2, 8, 64, 0.05, 1.0
    p = _mppi.MppiPlanner(pc)
    u = p.plan(np.zeros((2, 6), np.float32), np.ones(2, np.float32))
    assert len(u) == 6
