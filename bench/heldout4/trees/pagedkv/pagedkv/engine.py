from dataclasses import dataclass

import numpy as np

from .native import export_pages, stage_init
from .prefix_cache import PrefixCache
from .scheduler import Scheduler, Sequence
from .worker import Worker


@dataclass
class EngineConfig:
    num_layers: int = 32
    block_size: int = 16
    block_shape: tuple = (2, 16, 8, 128)
    num_gpu_blocks: int = 4096
    num_cpu_blocks: int = 8192
    max_num_seqs: int = 256
    max_blocks_per_seq: int = 512
    max_num_batched_tokens: int = 8192
    vocab_size: int = 32000
    eos_id: int = 2
    stage_bytes: int = 64 << 20


class LLMEngine:
    def __init__(self, model, cfg: EngineConfig):
        self.cfg = cfg
        self.worker = Worker(model, cfg)
        cache = self.worker.init_cache()
        self.scheduler = Scheduler(cache, cfg.block_size)
        self.prefix = PrefixCache()
        stage_init(cfg.stage_bytes)
        self._next_id = 0

    def add_request(self, prompt, max_tokens=256):
        seq = Sequence(self._next_id, list(prompt), max_tokens=max_tokens)
        self._next_id += 1
        path = self.prefix.lookup(prompt)
        if path is not None:
            n = len(prompt) // self.cfg.block_size + 1
            seq.blocks = [self.worker.cache.gpu_alloc.allocate() for _ in range(n)]
            self.prefix.import_from_disk(path, self.worker.cache, [b.number for b in seq.blocks])
        self.scheduler.add(seq)
        return seq.seq_id

    def step(self):
        out = self.scheduler.schedule()
        self.prefix.table()
        tokens = self.worker.execute_model(out)
        self.worker.sampler.on_sequences_finished(out.finished)
        return tokens

    def run(self):
        while self.scheduler.has_work():
            yield self.step()

    def abort(self, seq_id):
        return self.scheduler.abort(seq_id, self.worker.swapper)

    def shutdown(self, dump_dir=None):
        if dump_dir is None:
            return
        cache = self.worker.cache
        ids = np.arange(cache.gpu_alloc.num_free(), dtype=np.int32)
        for layer in range(cache.num_layers):
            export_pages(f"{dump_dir}/layer{layer:03d}.kv", cache.gpu_cache[layer], ids, cache.page_bytes)
