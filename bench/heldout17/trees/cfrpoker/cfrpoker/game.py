from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

ACTIONS = ("fold", "call", "half_pot", "pot", "all_in")


@dataclass
class State:
    hole: np.ndarray              # (2, 2)
    board: np.ndarray             # (5,)
    history: list[int] = field(default_factory=list)
    street: int = 0

    def history_vector(self, length: int = 24) -> np.ndarray:
        v = np.zeros(length, dtype=np.float32)
        for i, a in enumerate(self.history[-length:]):
            v[i] = (a + 1) / len(ACTIONS)
        return v


def deal(rng: np.random.Generator) -> State:
    deck = rng.permutation(52)
    return State(hole=deck[:4].reshape(2, 2), board=deck[4:9])
