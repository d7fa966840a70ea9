import os

import torch


class PartitionBuffer:
    """Entity embeddings are split into P partitions on disk; one bucket (i, j) is resident at a time."""

    def __init__(self, root, num_parts, rows, dim):
        self.root = root
        self.num_parts = num_parts
        self.rows = rows
        self.dim = dim
        self.host = None
        self.current = None
        self.spare = torch.empty((rows, dim), dtype=torch.float32, pin_memory=True)

    def path(self, p):
        return os.path.join(self.root, f"part_{p:04d}.bin")

    def swap(self, part):
        if self.current is not None:
            self.host.numpy().tofile(self.path(self.current))
        self.host = torch.empty((self.rows, self.dim), dtype=torch.float32, pin_memory=True)
        self.host.copy_(torch.ops.kge.load_partition(self.path(part), self.rows, self.dim))
        self.current = part
        return self.host.cuda(non_blocking=True)
