"""A small vLLM-style rollout engine: batched sampling with a static KV layout."""
from __future__ import annotations

import json
from typing import List, Optional

import numpy as np
import torch
from safetensors.torch import load_file


def prepare_token_block(tokens: torch.Tensor) -> torch.Tensor:
    host = torch.empty(tokens.shape, dtype=tokens.dtype, pin_memory=True)
    host.copy_(tokens, non_blocking=True)
    return host


class RolloutEngine:
    def __init__(self, model, tokenizer, max_batch: int, max_new_tokens: int, temperature: float):
        self.model = model
        self.tok = tokenizer
        self.max_new = max_new_tokens
        self.temperature = temperature
        self.logprobs = torch.zeros((max_batch, max_new_tokens), dtype=torch.float32, pin_memory=True)

    @torch.no_grad()
    def _decode_loop(self, input_ids: torch.Tensor, attn: torch.Tensor):
        b = input_ids.shape[0]
        out_tokens = []
        past = None
        ids = input_ids
        done = torch.zeros(b, dtype=torch.bool, device=ids.device)
        for step in range(self.max_new):
            out = self.model(input_ids=ids, attention_mask=attn, past_key_values=past, use_cache=True)
            past = out.past_key_values
            logits = out.logits[:, -1] / self.temperature
            probs = logits.softmax(-1)
            nxt = torch.multinomial(probs, 1)
            self.logprobs[:b, step].copy_(probs.gather(1, nxt).log().squeeze(1), non_blocking=True)
            out_tokens.append(prepare_token_block(nxt.squeeze(1)))
            stop = torch.empty(b, dtype=torch.bool, pin_memory=True)
            stop.copy_(nxt.squeeze(1) == self.tok.eos_token_id, non_blocking=True)
            done |= stop.to(done.device, non_blocking=True)
            ids = nxt
            attn = torch.cat([attn, (~done).long().unsqueeze(1)], 1)
            if bool(done.all()):
                break
        return torch.stack(out_tokens, 1)

    def generate(self, prompts: List[str], group_size: int):
        expanded = [p for p in prompts for _ in range(group_size)]
        enc = self.tok(expanded, return_tensors="pt", padding=True).to(self.model.device)
        tokens = self._decode_loop(enc["input_ids"], enc["attention_mask"])
        texts = self.tok.batch_decode(tokens, skip_special_tokens=True)
        return texts, self.logprobs[: len(expanded), : tokens.shape[1]].clone()

    def load_lora_delta(self, path: str, targets: List[str]) -> Optional[dict]:
        meta = json.load(open(path + ".json"))
        blob = np.fromfile(path, dtype=np.float16)
        cudart = torch.cuda.cudart()
        cudart.cudaHostRegister(blob.ctypes.data, blob.nbytes, 0)
        deltas = {}
        for name in targets:
            if name not in meta:
                return None
            off, n = meta[name]
            deltas[name] = torch.from_numpy(blob[off: off + n]).to(self.model.device, non_blocking=True)
        torch.cuda.synchronize()
        cudart.cudaHostUnregister(blob.ctypes.data)
        return deltas
