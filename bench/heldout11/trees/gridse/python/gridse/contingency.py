"""N-1 contingency screening with DC power flow on the GPU."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


def build_bbus(n_bus: int, branches: np.ndarray, skip: int = -1) -> cp.ndarray:
    b = cp.zeros((n_bus, n_bus), dtype=cp.float64)
    for k, (f, t, x) in enumerate(branches):
        if k == skip:
            continue
        y = 1.0 / x
        f, t = int(f), int(t)
        b[f, f] += y
        b[t, t] += y
        b[f, t] -= y
        b[t, f] -= y
    return b


def screen_n1(n_bus: int, branches: np.ndarray, injections: np.ndarray, limits: np.ndarray):
    violations = {}
    p = cp.asarray(injections[1:])
    for outage in range(branches.shape[0]):
        bbus = build_bbus(n_bus, branches, skip=outage)[1:, 1:]
        theta = cp.concatenate([cp.zeros(1), cp.linalg.solve(bbus, p)])
        f = cp.asarray(branches[:, 0].astype(np.int64))
        t = cp.asarray(branches[:, 1].astype(np.int64))
        flows = (theta[f] - theta[t]) / cp.asarray(branches[:, 2])
        host = cupyx.zeros_pinned(flows.shape, dtype=np.float64)
        flows.get(out=host)
        over = np.nonzero(np.abs(host) > limits)[0]
        over = over[over != outage]
        if over.size:
            violations[outage] = over.tolist()
    return violations
