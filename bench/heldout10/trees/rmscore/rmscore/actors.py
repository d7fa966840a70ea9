"""Ray actors that own one reward model replica each."""
from __future__ import annotations

from functools import partial

import cupy as cp
import ray
import torch
from transformers import AutoModelForSequenceClassification

from rmscore.config import ScoreConfig
from rmscore.postprocess import Postprocessor
from rmscore.warmup import warm_buckets


@ray.remote(num_gpus=1)
class RewardActor:
    def __init__(self, cfg: ScoreConfig, n_categories: int = 16) -> None:
        self.cfg = cfg
        self.model = AutoModelForSequenceClassification.from_pretrained(
            cfg.model, revision=cfg.revision, torch_dtype=torch.bfloat16
        ).cuda().eval()
        self.ids = torch.empty((cfg.max_batch, cfg.max_len), dtype=torch.long, pin_memory=True)
        make_post = partial(Postprocessor, n_categories, cfg.max_batch)
        self.post = make_post()
        self.buckets = warm_buckets(self.model, cfg)

    @torch.inference_mode()
    def score(self, ids: torch.Tensor, lengths: torch.Tensor, categories: list[int]):
        b, t = ids.shape
        self.ids[:b, :t].copy_(ids)
        dev = self.ids[:b, :t].to("cuda", non_blocking=True)
        mask = torch.arange(t, device="cuda")[None] < lengths.to("cuda")[:, None]
        logits = self.model(input_ids=dev, attention_mask=mask).logits[:, 0].float()
        rewards = cp.asarray(logits)
        return self.post(rewards, cp.asarray(categories, dtype=cp.int32)).tolist()

    @torch.inference_mode()
    def score_pairs(self, chosen_ids: torch.Tensor, rejected_ids: torch.Tensor, lengths: list[int]):
        both = torch.cat([chosen_ids, rejected_ids]).to("cuda", non_blocking=True)
        lens = torch.tensor(lengths + lengths, dtype=torch.long, pin_memory=True)
        mask = torch.arange(both.shape[1], device="cuda")[None] < lens.to("cuda", non_blocking=True)[:, None]
        r = self.model(input_ids=both, attention_mask=mask).logits[:, 0].float()
        n = chosen_ids.shape[0]
        return torch.sigmoid(r[:n] - r[n:]).tolist()
