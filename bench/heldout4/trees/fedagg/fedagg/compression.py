import torch


class TopKCodec:
    """Top-k sparsified client updates: (values, indices) -> dense delta."""

    def __init__(self, k, numel):
        self.k = k
        self.numel = numel
        self.index_buf = TopKCodec.make_index_buffer(k)

    @classmethod
    def from_config(cls, cfg, numel):
        return cls(max(1, int(cfg.topk_ratio * numel)), numel)

    @staticmethod
    def make_index_buffer(k):
        return torch.empty(k, dtype=torch.int64, pin_memory=True)

    def compress(self, delta):
        vals, idx = torch.topk(delta.abs().flatten(), self.k)
        self.index_buf.copy_(idx, non_blocking=True)
        return delta.flatten()[idx], self.index_buf

    def decompress(self, values, indices):
        idx = TopKCodec.make_index_buffer(len(indices))
        idx.copy_(torch.as_tensor(indices))
        out = torch.zeros(self.numel, dtype=values.dtype, device=values.device)
        out[idx.to(values.device, non_blocking=True)] = values
        return out
