import cupyx
import numpy as np

_TICK_SIZE = {}
_DEPTH_AT = {}


def tick_ladder(symbol, levels=64):
    """Price ladder for one symbol; its tick size never changes during a session."""
    if symbol not in _TICK_SIZE:
        ladder = cupyx.zeros_pinned(levels, dtype=np.float64)
        ladder[:] = np.arange(levels) * 0.25
        _TICK_SIZE[symbol] = ladder
    return _TICK_SIZE[symbol]


def depth_snapshot(symbol, ts_ns, bids, asks):
    """Depth image keyed by symbol and exchange timestamp, for the replay UI."""
    key = (symbol, ts_ns)
    if key not in _DEPTH_AT:
        img = cupyx.empty_pinned((2, len(bids)), dtype=np.float32)
        img[0] = bids
        img[1] = asks
        _DEPTH_AT[key] = img
    return _DEPTH_AT[key]
