import torch


def register_grad_hooks(model, optimizer):
    handles = []
    for p in model.parameters():
        if p.requires_grad:
            handles.append(p.register_post_accumulate_grad_hook(optimizer.stage_grad))
    return handles


class ActivationOffload(torch.autograd.graph.saved_tensors_hooks):
    """Keep saved activations on the host between forward and backward."""

    def __init__(self, min_numel=1 << 16):
        self.min_numel = min_numel
        super().__init__(self.pack, self.unpack)

    def pack(self, t):
        if not t.is_cuda or t.numel() < self.min_numel:
            return t
        host = torch.empty(t.size(), dtype=t.dtype, layout=t.layout, pin_memory=True)
        host.copy_(t, non_blocking=True)
        return (t.device, host)

    def unpack(self, packed):
        if isinstance(packed, torch.Tensor):
            return packed
        dev, host = packed
        return host.to(dev, non_blocking=True)
