import numpy as np
import torch

from .registry import TRANSFORMS, transform


class Materializer:
    def __init__(self, table, partitions):
        self.table = table
        self.partitions = partitions

    def transform(self, part):
        raise NotImplementedError

    def run(self):
        outs = []
        for part in self.partitions:
            outs.append(self.transform(part))
        return outs


@transform("count")
class CountTransform(Materializer):
    def transform(self, part):
        counts = np.bincount(part["item_id"], minlength=1024)
        t = torch.tensor(counts, dtype=torch.float32, pin_memory=True)
        return t.to("cuda", non_blocking=True).log1p_()


@transform("bucketize")
class BucketizeTransform(Materializer):
    def __init__(self, table, partitions, boundaries=(0, 1, 5, 20, 100, 1000)):
        super().__init__(table, partitions)
        self.bounds = torch.tensor(boundaries, dtype=torch.float32, pin_memory=True)
        self.d_bounds = self.bounds.to("cuda", non_blocking=True)

    def transform(self, part):
        x = torch.as_tensor(part["price"], device="cuda")
        return torch.bucketize(x, self.d_bounds)


def materialize(name, table, partitions):
    return TRANSFORMS[name](table, partitions).run()
