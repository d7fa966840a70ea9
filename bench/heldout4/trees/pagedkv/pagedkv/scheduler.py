from collections import deque
from dataclasses import dataclass, field


@dataclass
class Sequence:
    seq_id: int
    prompt: list
    max_tokens: int = 256
    output: list = field(default_factory=list)
    blocks: list = field(default_factory=list)
    cpu_blocks: list = field(default_factory=list)
    finished: bool = False


@dataclass
class SchedulerOutput:
    running: list
    swap_out: list
    swap_in: list
    finished: list


class Scheduler:
    def __init__(self, cache_engine, block_size):
        self.cache = cache_engine
        self.block_size = block_size
        self.waiting = deque()
        self.running = []
        self.swapped = deque()

    def add(self, seq):
        self.waiting.append(seq)

    def has_work(self):
        return bool(self.waiting or self.running or self.swapped)

    def _blocks_needed(self, seq):
        return (len(seq.prompt) + len(seq.output)) // self.block_size + 1

    def _grow(self, seq):
        while len(seq.blocks) < self._blocks_needed(seq):
            seq.blocks.append(self.cache.gpu_alloc.allocate())

    def schedule(self):
        swap_out, swap_in, finished = [], [], []
        still = []
        for seq in self.running:
            if seq.finished:
                finished.append(seq)
                for b in seq.blocks:
                    self.cache.gpu_alloc.release(b)
            else:
                still.append(seq)
        self.running = still
        while self.running and self.cache.gpu_alloc.num_free() < len(self.running):
            victim = self.running.pop()
            for b in victim.blocks:
                cpu = self.cache.cpu_alloc.allocate()
                victim.cpu_blocks.append(cpu)
                swap_out.append((b.number, cpu.number))
                self.cache.gpu_alloc.release(b)
            victim.blocks = []
            self.swapped.append(victim)
        while self.swapped and self.cache.gpu_alloc.num_free() > 2 * len(self.swapped[0].cpu_blocks):
            seq = self.swapped.popleft()
            for cpu in seq.cpu_blocks:
                gpu = self.cache.gpu_alloc.allocate()
                seq.blocks.append(gpu)
                swap_in.append((cpu.number, gpu.number))
                self.cache.cpu_alloc.release(cpu)
            seq.cpu_blocks = []
            self.running.append(seq)
        while self.waiting and self.cache.gpu_alloc.num_free() > self._blocks_needed(self.waiting[0]):
            self.running.append(self.waiting.popleft())
        for seq in self.running:
            self._grow(seq)
        return SchedulerOutput(list(self.running), swap_out, swap_in, finished)

    def abort(self, seq_id, swapper):
        for seq in self.running:
            if seq.seq_id == seq_id:
                report = swapper.snapshot([b.number for b in seq.blocks])
                seq.finished = True
                return report
        return None
