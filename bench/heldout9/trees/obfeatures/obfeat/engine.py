import numpy as np
from numba import cuda

from .native import NativeBook
from .window import RollingWindow

FEATURES = {}


def feature(name):
    def deco(cls):
        FEATURES[name] = cls
        return cls
    return deco


class Feature:
    def update(self, tick):
        raise NotImplementedError


@feature("imbalance")
class Imbalance(Feature):
    def __init__(self, levels):
        self.levels = levels

    def update(self, tick):
        depth = cuda.pinned_array((2, self.levels), dtype=np.float64)
        depth[0] = tick["bid_sizes"][: self.levels]
        depth[1] = tick["ask_sizes"][: self.levels]
        d = cuda.to_device(depth)
        return float((d[0].copy_to_host().sum() - d[1].copy_to_host().sum()) / (depth.sum() + 1e-9))


@feature("vwap")
class Vwap(Feature):
    def __init__(self, levels):
        self.acc = cuda.mapped_array(2, dtype=np.float64)
        self.acc[:] = 0

    def update(self, tick):
        self.acc[0] += tick["last_px"] * tick["last_qty"]
        self.acc[1] += tick["last_qty"]
        return self.acc[0] / max(self.acc[1], 1e-9)


@feature("spread")
class Spread(Feature):
    def __init__(self, levels):
        pass

    def update(self, tick):
        return tick["ask_px"][0] - tick["bid_px"][0]


class FeatureEngine:
    def __init__(self, cfg):
        self.cfg = cfg
        self.book = NativeBook(cfg.lib_path, cfg.levels, len(cfg.symbols), cfg.calendar)
        self.features = [FEATURES[n](cfg.levels) for n in cfg.features]
        self.window = RollingWindow(len(self.features) + 3)
        self.rows = 0

    def on_tick(self, tick):
        prices = np.asarray(tick["prices"], dtype=np.int64)
        sizes = np.asarray(tick["sizes"], dtype=np.int64)
        micro = self.book.snapshot(prices, sizes)
        row = [f.update(tick) for f in self.features]
        self.rows = min(self.rows + 1, self.cfg.window)
        win = self.window.ensure(self.cfg.window)
        win[:-1] = win[1:]
        win[-1, :3] = micro
        win[-1, 3:] = row
        return win[-self.rows:]
