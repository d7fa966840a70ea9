import functools

import torch

_HIST_BINS = 32
_HIST_HOST = torch.empty(_HIST_BINS, dtype=torch.float32, pin_memory=True)


def _norm_hist(delta, out, bins):
    out.copy_(torch.histc(delta.float(), bins=bins))
    return out.tolist()


METRICS = {
    "norm_hist": functools.partial(_norm_hist, out=_HIST_HOST, bins=_HIST_BINS),
    "l2": lambda d: float(d.norm()),
    "nnz": lambda d: int(torch.count_nonzero(d)),
}


def round_metrics(deltas):
    return {name: [fn(d) for d in deltas] for name, fn in METRICS.items()}
