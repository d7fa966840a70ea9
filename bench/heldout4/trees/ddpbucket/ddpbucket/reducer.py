import torch
import torch.distributed as dist

from .bucket import BucketStats, GradBucket
from .host_allreduce import HostAllReducer


class Reducer:
    """Buckets gradients as they become ready and reduces each full bucket."""

    def __init__(self, params, bucket_cap_mb=25, process_group=None, cpu_offload=False):
        self.params = [p for p in params if p.requires_grad]
        self.pg = process_group
        self.cap = bucket_cap_mb * 1024 * 1024
        self.cpu_offload = cpu_offload
        self.buckets = self._build_buckets(list(reversed(self.params)))
        self.host_reducer = HostAllReducer(self.pg) if cpu_offload else None
        self.comm_hook = None
        self.hook_state = None
        self._rebuilt = False
        self._step = 0
        self._ready_order = []
        self.flat_host = None
        for p in self.params:
            p.register_post_accumulate_grad_hook(self._on_grad_ready)

    def _build_buckets(self, ordered):
        buckets, cur, size = [], [], 0
        for p in ordered:
            cur.append(p)
            size += p.numel() * p.element_size()
            if size >= self.cap:
                buckets.append(GradBucket(len(buckets), cur, sum(x.numel() for x in cur)))
                cur, size = [], 0
        if cur:
            buckets.append(GradBucket(len(buckets), cur, sum(x.numel() for x in cur)))
        return buckets

    def register_comm_hook(self, state, hook):
        self.hook_state, self.comm_hook = state, hook

    def _on_grad_ready(self, param):
        if not self._rebuilt:
            self._ready_order.append(param)
        for b in self.buckets:
            if any(p is param for p in b.params):
                b.pending -= 1
                if b.pending == 0:
                    self._launch(b)
                return

    def _launch(self, b):
        flat = torch.cat([p.grad.flatten() for p in b.params])
        if self.comm_hook is not None:
            flat = self.comm_hook(self.hook_state, b.index, flat)
        elif self.cpu_offload:
            self.host_reducer.allreduce(flat)
        else:
            dist.all_reduce(flat, group=self.pg)
            flat.div_(dist.get_world_size(self.pg))
        for (off, n), p in zip(b.offsets(), b.params):
            p.grad.copy_(flat[off: off + n].view_as(p.grad))

    def rebuild_buckets(self):
        """After the first step, regroup buckets in the order gradients actually arrived."""
        self.buckets = self._build_buckets(self._ready_order)
        self._rebuilt = True

    def finalize(self):
        stats = BucketStats(self._step)
        for b in self.buckets:
            stats.norms[b.index] = torch.linalg.vector_norm(
                torch.stack([p.grad.norm() for p in b.params])).item()
            b.pending = len(b.params)
        total = sum(p.numel() for p in self.params)
        self.flat_host = torch.empty(total, dtype=torch.float32, pin_memory=True)
        off = 0
        for p in self.params:
            self.flat_host[off: off + p.numel()].copy_(p.grad.flatten(), non_blocking=True)
            off += p.numel()
        self._step += 1
        if not self._rebuilt and self._step == 1:
            self.rebuild_buckets()
        return stats
