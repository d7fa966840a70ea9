import asyncio

import torch

from rmscore.batcher import DynamicBatcher
from rmscore.config import ScoreConfig


class _Remote:
    def __init__(self, fn):
        self.fn = fn

    def remote(self, *args):
        fut = asyncio.get_running_loop().create_future()
        fut.set_result(self.fn(*args))
        return fut


class FakeActor:
    def __init__(self):
        self.score = _Remote(lambda ids, lens, cats: [float(l) for l in lens.tolist()])


def test_batcher_returns_per_request_rewards():
    async def run():
        cfg = ScoreConfig(max_batch=4, batch_wait_ms=1.0)
        b = DynamicBatcher([FakeActor()], cfg)
        b.start()
        ids = torch.ones(8, dtype=torch.long).pin_memory()
        return await asyncio.gather(*(b.submit(ids, n, 0) for n in (3, 5, 8)))

    assert asyncio.run(run()) == [3.0, 5.0, 8.0]
