import torch


class Swapper:
    """Moves KV pages between the GPU cache and the pinned CPU tier."""

    def __init__(self, cache_engine, stream=None):
        self.cache = cache_engine
        self.stream = stream or torch.cuda.Stream()
        self._in_map = None

    def _mapping_tensor(self, pairs):
        return torch.tensor(pairs, dtype=torch.int64, pin_memory=True)

    def swap_out(self, block_pairs):
        """GPU -> CPU for preempted sequences; pairs are (gpu_block, cpu_block)."""
        if not block_pairs:
            return
        mapping = self._mapping_tensor(block_pairs)
        with torch.cuda.stream(self.stream):
            idx = mapping.to(self.cache.gpu_cache[0].device, non_blocking=True)
            for layer in range(self.cache.num_layers):
                pages = self.cache.gpu_cache[layer].index_select(0, idx[:, 0])
                self.cache.cpu_cache[layer][mapping[:, 1]] = pages.to("cpu", non_blocking=True)
        self.stream.synchronize()

    def swap_in(self, block_pairs):
        """CPU -> GPU; pairs are (cpu_block, gpu_block)."""
        n = len(block_pairs)
        if n == 0:
            return
        if self._in_map is None or self._in_map.shape[0] < n:
            self._in_map = torch.empty((max(n, 64), 2), dtype=torch.int64, pin_memory=True)
        m = self._in_map[:n]
        m.copy_(torch.as_tensor(block_pairs, dtype=torch.int64))
        with torch.cuda.stream(self.stream):
            dev_m = m.to(self.cache.gpu_cache[0].device, non_blocking=True)
            for layer in range(self.cache.num_layers):
                pages = self.cache.cpu_cache[layer][m[:, 0]]
                self.cache.gpu_cache[layer][dev_m[:, 1]] = pages.to(dev_m.device, non_blocking=True)

    def snapshot(self, gpu_blocks):
        """Host copies of a sequence's pages, kept for the abort report."""
        pages = []
        for blk in gpu_blocks:
            page = torch.stack([layer[blk] for layer in self.cache.gpu_cache])
            pages.append(page.to("cpu").pin_memory())
        return pages
