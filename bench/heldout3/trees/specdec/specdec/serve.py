"""Continuous-batching loop around SpecDecodeEngine."""

import collections
import time

import torch

from .engine import SpecDecodeEngine


class Scheduler:
    def __init__(self, engine, max_batch, gpu_blocks):
        self.engine = engine
        self.max_batch = max_batch
        self.waiting = collections.deque()
        self.running = []
        self.preempted = collections.deque()
        self.free_gpu_blocks = list(range(gpu_blocks))

    def add(self, seq):
        self.waiting.append(seq)

    def next_batch(self):
        while self.preempted and len(self.running) < self.max_batch:
            seq = self.preempted.popleft()
            need = len(seq.host_blocks)
            if need > len(self.free_gpu_blocks):
                self.preempted.appendleft(seq)
                break
            blocks = [self.free_gpu_blocks.pop() for _ in range(need)]
            self.engine.resume(seq, blocks)
            self.running.append(seq)
        while self.waiting and len(self.running) < self.max_batch:
            self.running.append(self.waiting.popleft())
        return self.running

    def finish(self, seq):
        self.running.remove(seq)
        self.free_gpu_blocks.extend(seq.target_kv.block_ids)


def serve_forever(engine: SpecDecodeEngine, scheduler: Scheduler, inbox, outbox, idle_sleep=0.002):
    try:
        while True:
            while not inbox.empty():
                scheduler.add(inbox.get_nowait())
            batch = scheduler.next_batch()
            if not batch:
                time.sleep(idle_sleep)
                continue
            engine.step(batch)
            for seq in list(batch):
                if seq.finished():
                    scheduler.finish(seq)
                    outbox.put(seq)
            if len(scheduler.free_gpu_blocks) < 8 and len(batch) > 1:
                victim = batch[-1]
                engine.preempt(victim)
                scheduler.running.remove(victim)
                scheduler.preempted.append(victim)
    finally:
        engine.shutdown()
        torch.cuda.synchronize()
