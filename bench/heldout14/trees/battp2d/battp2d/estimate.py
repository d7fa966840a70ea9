from __future__ import annotations

import argparse

import numpy as np
import torch

from . import _p2d
from .callbacks import VoltagePlot


class Estimator:
    def __init__(self, csv: str, nx=30, nr=20, nt=2000, c_rate=1.0, callbacks=()):
        data = np.asarray(_p2d.read_cycler_csv(csv, 200000)).reshape(-1, 3)
        self.v_meas = torch.from_numpy(data[:nt, 2].copy()).pin_memory()
        self.solver = _p2d.P2DSolver(nx, nr, nt)
        self.jac = _p2d.Jacobian(self.solver)
        self.c_rate = c_rate
        self.callbacks = list(callbacks)
        _p2d.warm_pool(64)

    def fit(self, theta0: np.ndarray, iters: int = 30, damping: float = 1e-2) -> np.ndarray:
        theta = theta0.astype(np.float64).copy()
        vm = self.v_meas.numpy()
        for it in range(iters):
            p = _p2d.Params(*theta)
            v = np.asarray(self.solver.simulate(p, self.c_rate))
            J = np.stack([np.asarray(self.jac.column_block(p, k, self.c_rate)) for k in range(theta.size)], 1)
            r = vm[: v.size] - v
            theta += np.linalg.solve(J.T @ J + damping * np.eye(theta.size), J.T @ r)
            for cb in self.callbacks:
                cb.on_iteration(it, theta, v, vm)
        return theta


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--iters", type=int, default=30)
    a = ap.parse_args(argv)
    est = Estimator(a.csv, callbacks=[VoltagePlot("fit.png")])
    print(est.fit(np.array([3e-14, 4e-15, 2e-11, 6e-11, 0.3, 0.002]), a.iters))


if __name__ == "__main__":
    main()
