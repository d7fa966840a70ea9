import dataclasses
import math
from typing import List

import numpy as np


@dataclasses.dataclass
class Option:
    kind: str  # "call" | "put" | "asian" | "barrier"
    strike: float
    expiry: float
    barrier: float = 0.0
    notional: float = 1.0


@dataclasses.dataclass
class MarketData:
    spot: float
    rate: float
    div: float
    vol: float
    curve_t: np.ndarray = dataclasses.field(default_factory=lambda: np.linspace(0.0, 10.0, 41))
    curve_r: np.ndarray = dataclasses.field(default_factory=lambda: np.full(41, 0.03))

    def bumped(self, spot=0.0, vol=0.0, rate=0.0):
        return dataclasses.replace(self, spot=self.spot + spot, vol=self.vol + vol, rate=self.rate + rate)


def black_scholes(opt: Option, m: MarketData) -> float:
    if opt.expiry <= 0:
        return max(0.0, (m.spot - opt.strike) if opt.kind == "call" else (opt.strike - m.spot))
    s, k, t, v = m.spot, opt.strike, opt.expiry, m.vol
    d1 = (math.log(s / k) + (m.rate - m.div + 0.5 * v * v) * t) / (v * math.sqrt(t))
    d2 = d1 - v * math.sqrt(t)
    n = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))  # noqa: E731
    if opt.kind == "call":
        return s * math.exp(-m.div * t) * n(d1) - k * math.exp(-m.rate * t) * n(d2)
    return k * math.exp(-m.rate * t) * n(-d2) - s * math.exp(-m.div * t) * n(-d1)


def load_book(path) -> List[Option]:
    out = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            kind, k, t, *rest = line.split(",")
            out.append(Option(kind.strip(), float(k), float(t), float(rest[0]) if rest else 0.0))
    return out
