"""Builds a stochastic template bank file (run once per observing run)."""
import argparse

import cupyx
import numpy as np


def taylorf2(m1, m2, f):
    mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2 * 4.925e-6
    return f ** (-7 / 6) * np.exp(-1j * (3 / 128) * (np.pi * mc * f) ** (-5 / 3))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--n-freq", type=int, default=524289)
    ap.add_argument("--out", default="bank.npz")
    a = ap.parse_args()
    rng = np.random.default_rng(1)
    params = rng.uniform(5, 80, (a.n, 2)).astype(np.float32)
    f = np.linspace(20.0, 2048.0, a.n_freq)
    hf = cupyx.empty_pinned((a.n, a.n_freq), dtype=np.complex64)
    for i, (m1, m2) in enumerate(params):
        hf[i] = taylorf2(m1, m2, f)
    np.savez(a.out, hf=hf, params=params)


if __name__ == "__main__":
    main()
