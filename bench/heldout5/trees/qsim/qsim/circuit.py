from dataclasses import dataclass, field
from typing import List, Optional, Sequence

import numpy as np

from .gates import GATES, cnot, rx, rz


@dataclass
class Op:
    name: str
    qubits: Sequence[int]
    param: Optional[float] = None

    def matrix(self):
        if self.name == "RX":
            return rx(self.param)
        if self.name == "RZ":
            return rz(self.param)
        if self.name == "CNOT":
            return cnot()
        return GATES[self.name]


@dataclass
class Circuit:
    n_qubits: int
    layers: List[List[Op]] = field(default_factory=list)

    def add(self, *ops):
        self.layers.append(list(ops))
        return self

    def h_all(self):
        return self.add(*[Op("H", (q,)) for q in range(self.n_qubits)])

    def run(self, backend, observe_every=0):
        backend.reset()
        history = []
        for li, layer in enumerate(self.layers):
            for op in layer:
                backend.apply_gate(op.matrix(), op.qubits)
            if observe_every and li % observe_every == 0:
                history.append(backend.sync_host())
        return history

    @classmethod
    def qft(cls, n):
        c = cls(n)
        for j in range(n):
            c.add(Op("H", (j,)))
            for k in range(j + 1, n):
                c.add(Op("RZ", (k,), np.pi / 2 ** (k - j)))
        return c
