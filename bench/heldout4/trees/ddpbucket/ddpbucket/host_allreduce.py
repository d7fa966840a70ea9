import torch
import torch.distributed as dist


class HostAllReducer:
    """All-reduce over gloo through page-locked staging buffers, cached per shape."""

    def __init__(self, pg=None):
        self.pg = pg
        self._staging = {}

    def _buffer(self, numel, dtype):
        key = (numel, dtype)
        buf = self._staging.get(key)
        if buf is None:
            buf = torch.empty(numel, dtype=dtype, pin_memory=True)
            self._staging[key] = buf
        return buf

    def allreduce(self, t):
        buf = self._buffer(t.numel(), t.dtype)
        buf.copy_(t.flatten(), non_blocking=True)
        torch.cuda.current_stream().synchronize()
        dist.all_reduce(buf, group=self.pg)
        buf.div_(dist.get_world_size(self.pg))
        t.copy_(buf.view_as(t), non_blocking=True)
