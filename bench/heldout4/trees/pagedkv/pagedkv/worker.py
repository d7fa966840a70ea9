import torch

from .block_manager import CacheEngine
from .sampler import Sampler
from .swapper import Swapper


class Worker:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.cache = None
        self.swapper = None
        self.sampler = Sampler(cfg.vocab_size, cfg.max_num_seqs)
        self._initialized = False

    def init_cache(self):
        self.cache = CacheEngine(self.cfg.num_layers, self.cfg.block_shape,
                                 self.cfg.num_gpu_blocks, self.cfg.num_cpu_blocks)
        self.swapper = Swapper(self.cache)
        self.slot_mapping_host = torch.zeros(self.cfg.max_num_batched_tokens, dtype=torch.int64, pin_memory=True)
        return self.cache

    def _ensure_block_tables(self):
        if not self._initialized:
            self.block_tables_host = torch.zeros(
                (self.cfg.max_num_seqs, self.cfg.max_blocks_per_seq), dtype=torch.int32, pin_memory=True)
            self._initialized = True
        return self.block_tables_host

    def _prepare_inputs(self, seqs):
        tokens = [s.output[-1] if s.output else s.prompt[-1] for s in seqs]
        positions = [len(s.prompt) + len(s.output) - 1 for s in seqs]
        packed = torch.tensor([tokens, positions], dtype=torch.int64, pin_memory=True)
        tables = self._ensure_block_tables()
        for i, s in enumerate(seqs):
            nums = [b.number for b in s.blocks]
            tables[i, : len(nums)] = torch.as_tensor(nums, dtype=torch.int32)
            self.slot_mapping_host[i] = nums[-1] * self.cfg.block_size + positions[i] % self.cfg.block_size
        dev = torch.device("cuda")
        return (packed.to(dev, non_blocking=True),
                tables[: len(seqs)].to(dev, non_blocking=True),
                self.slot_mapping_host[: len(seqs)].to(dev, non_blocking=True))

    @torch.inference_mode()
    def execute_model(self, sched_out):
        self.swapper.swap_out(sched_out.swap_out)
        self.swapper.swap_in(sched_out.swap_in)
        if not sched_out.running:
            return []
        packed, tables, slots = self._prepare_inputs(sched_out.running)
        logits = self.model(packed[0], packed[1], self.cache.gpu_cache, tables, slots)
        next_tokens = self.sampler.sample(logits, sched_out.running)
        for seq, tok in zip(sched_out.running, next_tokens):
            seq.output.append(tok)
            seq.finished = len(seq.output) >= seq.max_tokens or tok == self.cfg.eos_id
        return next_tokens
