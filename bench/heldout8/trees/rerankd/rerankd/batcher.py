import asyncio

import torch


class MicroBatcher:
    def __init__(self, reranker, window_ms):
        self.reranker = reranker
        self.window = window_ms / 1000.0
        self.queue: asyncio.Queue = asyncio.Queue()

    async def submit(self, item):
        fut = asyncio.get_running_loop().create_future()
        await self.queue.put((item, fut))
        return await fut

    async def _loop(self):
        while True:
            first = await self.queue.get()
            batch = [first]
            await asyncio.sleep(self.window)
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            lens = torch.tensor([len(it["docs"]) for it, _ in batch], dtype=torch.int32, pin_memory=True)
            lens = lens.cuda(non_blocking=True)
            for (it, fut) in batch:
                fut.set_result(self.reranker.score(it["id"], it["system"], it["query"], it["docs"]))

    def start(self):
        return asyncio.create_task(self._loop())
