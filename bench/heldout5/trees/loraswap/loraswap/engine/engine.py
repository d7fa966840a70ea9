import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from .sampler import Sampler


class Engine:
    def __init__(self, cfg, cache):
        self.cfg = cfg
        self.cache = cache
        self.tok = AutoTokenizer.from_pretrained(cfg.base_model)
        self.model = AutoModelForCausalLM.from_pretrained(cfg.base_model, torch_dtype=torch.bfloat16).cuda().eval()
        self.sampler = Sampler(cfg.vocab)
        self.logits_host = torch.empty((1, cfg.vocab), dtype=torch.float32, pin_memory=True)
        self.staging = None
        self.active = None
        self.lora_weights = {}

    def swap_in(self, name):
        if name == self.active:
            return
        slot, layout = self.cache.get(name)
        total = sum(torch.Size(s).numel() for _, s, _ in layout.values()) * 2
        self.staging = torch.empty(total, dtype=torch.uint8, pin_memory=True)
        off = 0
        for key, (o, shape, dtype) in layout.items():
            n = torch.Size(shape).numel() * torch.empty((), dtype=dtype).element_size()
            self.staging[off:off + n].copy_(slot.buf[o:o + n])
            self.lora_weights[key] = self.staging[off:off + n].view(dtype).view(shape).cuda(non_blocking=True)
            off += n
        self.active = name

    @torch.no_grad()
    def generate(self, prompt_ids, adapter, max_new_tokens=None):
        self.swap_in(adapter)
        self.sampler.reset()
        ids = prompt_ids.cuda(non_blocking=True)[None]
        out = []
        past = None
        for _ in range(max_new_tokens or self.cfg.max_new_tokens):
            res = self.model(input_ids=ids, past_key_values=past, use_cache=True)
            past = res.past_key_values
            tok = self.sampler.sample(res.logits[:, -1].float())
            out.extend(tok)
            if tok[0] == self.tok.eos_token_id:
                break
            ids = torch.tensor([tok], device="cuda")
        self.logits_host.copy_(res.logits[:, -1].float())
        return out
