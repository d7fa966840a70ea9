"""Reconstruction engines; each overrides `update` for one batch of diffraction patterns."""
from __future__ import annotations

from typing import Dict, List, Type

import cupy as cp
import cupyx
import numpy as np

from .probe import orthogonalize, probe_snapshot


def _fft2(x):
    return cp.fft.fft2(x, norm="ortho")


def _ifft2(x):
    return cp.fft.ifft2(x, norm="ortho")


class Engine:
    name = "base"

    def __init__(self, obj_shape, probe: cp.ndarray, positions: np.ndarray):
        self.obj = cp.ones(obj_shape, dtype=cp.complex64)
        self.probe = probe
        self.positions = positions
        mem = cp.cuda.alloc_pinned_memory(int(np.prod(obj_shape)) * 8)
        self.obj_host = np.frombuffer(mem, dtype=np.complex64, count=int(np.prod(obj_shape))).reshape(obj_shape)
        self._obj_mem = mem
        self.callbacks: List = []
        self.refiner = None

    def views(self, idx):
        h, w = self.probe.shape[-2:]
        out = []
        for i in idx:
            y, x = self.positions[int(i)].astype(int)
            out.append(self.obj[y: y + h, x: x + w])
        return cp.stack(out)

    def scatter(self, idx, patches):
        h, w = self.probe.shape[-2:]
        for i, p in zip(idx, patches):
            y, x = self.positions[int(i)].astype(int)
            self.obj[y: y + h, x: x + w] = p

    def update(self, idx, amp: cp.ndarray) -> cp.ndarray:
        raise NotImplementedError

    def run(self, loader, iterations: int):
        probe_snapshot(self.probe)
        for it in range(iterations):
            grads = cp.zeros((len(self.positions), 2), dtype=cp.float32)
            for idx, amp in loader:
                g = self.update(idx.numpy(), cp.asarray(amp.numpy()))
                grads[cp.asarray(idx.numpy())] = g
            if self.refiner is not None:
                self.positions = self.refiner.step_once(grads)
            self.obj.get(out=self.obj_host)
            for cb in self.callbacks:
                cb.on_iteration_end(self, it)
        return self.obj_host


class EPIE(Engine):
    name = "epie"

    def update(self, idx, amp):
        views = self.views(idx)
        psi = views * self.probe[0]
        far = _fft2(psi)
        err = cupyx.empty_pinned(amp.shape, dtype=np.float32)
        cp.abs(cp.abs(far) - amp).get(out=err)
        far = amp * cp.exp(1j * cp.angle(far))
        dpsi = _ifft2(far) - psi
        self.scatter(idx, views + 0.9 * cp.conj(self.probe[0]) * dpsi / (cp.abs(self.probe[0]) ** 2).max())
        return cp.asarray(np.stack([err.mean((1, 2)), err.std((1, 2))], 1))


class RPIE(Engine):
    name = "rpie"

    def __init__(self, obj_shape, probe, positions, alpha: float = 0.1):
        super().__init__(obj_shape, probe, positions)
        self.alpha = alpha
        self.probe_host = cupyx.empty_pinned(probe.shape, dtype=np.complex64)

    def update(self, idx, amp):
        views = self.views(idx)
        psi = views * self.probe[0]
        far = _fft2(psi)
        far = amp * cp.exp(1j * cp.angle(far))
        dpsi = _ifft2(far) - psi
        p2 = cp.abs(self.probe[0]) ** 2
        self.scatter(idx, views + cp.conj(self.probe[0]) * dpsi / ((1 - self.alpha) * p2 + self.alpha * p2.max()))
        self.probe.get(out=self.probe_host)
        return cp.zeros((len(idx), 2), dtype=cp.float32)


class LSQML(Engine):
    name = "lsqml"

    def update(self, idx, amp):
        views = self.views(idx)
        total = cp.zeros(amp.shape, dtype=cp.float32)
        stats = []
        for mode in range(self.probe.shape[0]):
            psi = views * self.probe[mode]
            inten = cp.abs(_fft2(psi)) ** 2
            total += inten
            mem = cp.cuda.alloc_pinned_memory(inten.nbytes)
            host = np.frombuffer(mem, dtype=np.float32, count=inten.size).reshape(inten.shape)
            inten.get(out=host)
            stats.append(host.sum())
        ratio = amp / cp.sqrt(total + 1e-9)
        self.scatter(idx, views * (0.5 + 0.5 * ratio.mean()))
        self.probe = orthogonalize(self.probe)
        return cp.full((len(idx), 2), float(np.std(stats)), dtype=cp.float32)


ENGINES: Dict[str, Type[Engine]] = {c.name: c for c in (EPIE, RPIE, LSQML)}
