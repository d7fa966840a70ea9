"""Analytic level-set approximations of the candidate phases (used to seed the fields)."""
from __future__ import annotations

import numpy as np

PHASES = {}


def phase(name):
    def deco(fn):
        PHASES[name] = fn
        return fn

    return deco


def _grid(shape):
    axes = [np.linspace(0, 2 * np.pi, n, endpoint=False) for n in shape]
    return np.meshgrid(*axes, indexing="ij")


@phase("lamellar")
def lamellar(shape):
    x, _, _ = _grid(shape)
    return np.cos(x)


@phase("cylinders")
def cylinders(shape):
    x, y, _ = _grid(shape)
    return np.cos(x) + np.cos(0.5 * x + 0.866 * y) + np.cos(0.5 * x - 0.866 * y)


@phase("gyroid")
def gyroid(shape):
    x, y, z = _grid(shape)
    return np.sin(x) * np.cos(y) + np.sin(y) * np.cos(z) + np.sin(z) * np.cos(x)


@phase("bcc")
def bcc(shape):
    x, y, z = _grid(shape)
    return np.cos(x) * np.cos(y) + np.cos(y) * np.cos(z) + np.cos(z) * np.cos(x)
