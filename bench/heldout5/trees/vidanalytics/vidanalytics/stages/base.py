import time
from collections import defaultdict


class Stage:
    """A pipeline stage. Subclasses override ``prepare`` / ``process`` / ``finish``."""

    stage_name = "base"

    def __init__(self, cfg, device="cuda:0"):
        self.cfg = cfg
        self.device = device
        self.timings = defaultdict(float)
        self.calls = 0

    def prepare(self, batch):
        return batch

    def process(self, batch):
        raise NotImplementedError

    def finish(self, batch):
        return batch

    def __call__(self, batch):
        t0 = time.perf_counter()
        batch = self.prepare(batch)
        batch = self.process(batch)
        batch = self.finish(batch)
        self.timings[self.stage_name] += time.perf_counter() - t0
        self.calls += 1
        return batch

    def close(self):
        pass

    def report(self):
        if not self.calls:
            return {}
        return {k: v / self.calls for k, v in self.timings.items()}
