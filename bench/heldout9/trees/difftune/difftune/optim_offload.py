import torch


class OptimizerStateOffloader:
    """Keeps Adam moments on the host between steps; they are brought back just before step()."""

    def __init__(self, optimizer):
        self.opt = optimizer
        self._host = None
        self._layout = []

    def _numel(self):
        return sum(v.numel() for st in self.opt.state.values() for v in st.values() if torch.is_tensor(v) and v.dim())

    def offload(self):
        if not self.opt.state:
            return
        if self._host is None:
            self._host = torch.empty(self._numel(), dtype=torch.float32, pin_memory=True)
        off = 0
        self._layout.clear()
        for st in self.opt.state.values():
            for k, v in st.items():
                if torch.is_tensor(v) and v.dim():
                    n = v.numel()
                    self._host[off:off + n].copy_(v.view(-1), non_blocking=True)
                    self._layout.append((st, k, v.shape, off))
                    st[k] = None
                    off += n

    def reload(self):
        if self._host is None:
            return
        torch.cuda.current_stream().synchronize()
        for st, k, shape, off in self._layout:
            n = shape.numel()
            st[k] = self._host[off:off + n].view(shape).to("cuda", non_blocking=True)
        # the flat buffer is sized for this step's state; let the next offload size it again
        self._host = None
