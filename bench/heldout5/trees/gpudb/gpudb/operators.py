import cupy as cp
import cupyx
import numpy as np

from . import _native


class Operator:
    def __init__(self, children=()):
        self.children = list(children)

    def open(self, ctx):
        pass

    def next(self, ctx):
        raise NotImplementedError

    def close(self, ctx):
        pass


class Executor:
    """Volcano-style driver: opens the tree, pulls batches, closes it."""

    def __init__(self, root):
        self.root = root

    def _walk(self, op):
        for c in op.children:
            yield from self._walk(c)
        yield op

    def run(self, ctx):
        ops = list(self._walk(self.root))
        for op in ops:
            op.open(ctx)
        out = []
        while True:
            batch = self.root.next(ctx)
            if batch is None:
                break
            out.append(batch)
        for op in ops:
            op.close(ctx)
        return out


class ScanOp(Operator):
    def __init__(self, table, columns):
        super().__init__()
        self.table = table
        self.columns = columns
        self.done = False

    def open(self, ctx):
        self.done = False

    def next(self, ctx):
        if self.done:
            return None
        self.done = True
        return {c: _native.scan_column(ctx.engine, self.table.columns[c]) for c in self.columns}


class FilterOp(Operator):
    def __init__(self, child, column, op, value):
        super().__init__([child])
        self.column = column
        self.op = op
        self.value = value
        self.mask_host = None

    def open(self, ctx):
        n = ctx.catalog.get(ctx.plan.table).num_rows
        self.mask_host = cupyx.zeros_pinned((n,), dtype=np.bool_)

    def next(self, ctx):
        batch = self.children[0].next(ctx)
        if batch is None:
            return None
        col = cp.asarray(batch[self.column])
        m = {"<": col < self.value, ">": col > self.value, "=": col == self.value}[self.op]
        m.get(out=self.mask_host[: m.size])
        keep = self.mask_host[: m.size]
        return {k: np.asarray(v)[keep] for k, v in batch.items()}
