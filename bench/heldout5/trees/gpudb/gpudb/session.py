import time
from types import SimpleNamespace

import cupyx
import numpy as np

from . import _native
from .catalog import Catalog
from .operators import Executor, FilterOp, ScanOp
from .planner import constants_block, plan
from .result import ResultSet


class Session:
    def __init__(self, device=0, pool_blocks=16, block_bytes=8 << 20):
        self.catalog = Catalog()
        self.engine = _native.Engine(device, pool_blocks, block_bytes)
        self.stats = cupyx.zeros_pinned((4,), dtype=np.float64)
        self.queries = 0

    def register(self, name, columns):
        return self.catalog.register_table(name, columns)

    def _build(self, p):
        root = ScanOp(self.catalog.get(p.table), p.columns)
        if p.predicate:
            col, op, val = p.predicate.split()
            root = FilterOp(root, col, op, float(val))
        return root

    def execute(self, sql):
        t0 = time.perf_counter()
        p = plan(sql)
        consts = constants_block(tuple(p.constants))
        ctx = SimpleNamespace(engine=self.engine, catalog=self.catalog, plan=p, consts=consts)
        handle = self.engine.prepare(len(p.columns))
        batches = Executor(self._build(p)).run(ctx)
        res = ResultSet(batches, _native.fetch_result(self.engine, handle))
        self.engine.finish(handle)
        self.queries += 1
        self.stats[0] += time.perf_counter() - t0
        self.stats[1] = self.queries
        return res

    def execute_many(self, queries):
        return [self.execute(q) for q in queries]

    def close(self):
        self.catalog.close()
