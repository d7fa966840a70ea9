"""Low-rank gradient compression hook (PowerSGD-style) with error feedback."""
import torch
import torch.distributed as dist


class LowRankState:
    def __init__(self, rank=4, pg=None):
        self.rank = rank
        self.pg = pg
        self.q_host = {}
        self.error = {}


def lowrank_hook(state, bucket_index, flat):
    n = flat.numel()
    cols = max(1, int(n ** 0.5))
    rows = (n + cols - 1) // cols
    m = torch.nn.functional.pad(flat, (0, rows * cols - n)).view(rows, cols)
    if bucket_index in state.error:
        m += state.error[bucket_index]
    q = state.q_host.get(bucket_index)
    if q is None:
        q = torch.randn(cols, state.rank, pin_memory=True)
        state.q_host[bucket_index] = q
    qd = q.to(m.device, non_blocking=True)
    p = m @ qd
    dist.all_reduce(p, group=state.pg)
    p, _ = torch.linalg.qr(p)
    qn = m.t() @ p
    dist.all_reduce(qn, group=state.pg)
    approx = p @ qn.t()
    state.error[bucket_index] = m - approx
    q.copy_(qn, non_blocking=True)
    return approx.flatten()[:n] / dist.get_world_size(state.pg)
