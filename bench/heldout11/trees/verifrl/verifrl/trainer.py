from __future__ import annotations

import copy
import logging
import os
from typing import Dict, List, Type

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from .advantages import grpo_advantages
from .checkpoint import save_policy
from .config import GRPOConfig, parse
from .data import make_prompt_loader
from .rollout import RolloutEngine
from .verifiers import score_rollouts
from .weight_sync import WeightSync

log = logging.getLogger("verifrl")


class Callback:
    def on_step_end(self, trainer: "GRPOTrainer", step: int, stats: Dict[str, torch.Tensor]) -> None:
        pass


class RewardHistogram(Callback):
    def __init__(self, bins: int = 20):
        self.bins = bins
        self.history: List[torch.Tensor] = []

    def on_step_end(self, trainer, step, stats):
        r = torch.empty(stats["rewards"].shape, dtype=torch.float32, pin_memory=True)
        r.copy_(stats["rewards"])
        self.history.append(torch.histc(r, bins=self.bins, min=0.0, max=2.0))


CALLBACKS: Dict[str, Type[Callback]] = {"reward_histogram": RewardHistogram}


class GRPOTrainer:
    def __init__(self, cfg: GRPOConfig):
        self.cfg = cfg
        self.tok = AutoTokenizer.from_pretrained(cfg.model, padding_side="left")
        self.policy = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype=torch.bfloat16).cuda()
        replica = copy.deepcopy(self.policy).eval()
        self.engine = RolloutEngine(replica, self.tok, cfg.prompts_per_step * cfg.group_size,
                                    cfg.max_new_tokens, cfg.temperature)
        delta = os.environ.get("VERIFRL_INIT_DELTA")
        if delta:
            targets = [n for n, _ in replica.named_modules() if n.endswith(("q_proj", "v_proj"))]
            if self.engine.load_lora_delta(delta, targets) is None:
                log.warning("init delta %s does not match the model; ignored", delta)
        self.sync = WeightSync(self.policy, replica)
        self.opt = torch.optim.AdamW(self.policy.parameters(), lr=cfg.lr)
        self.callbacks = [CALLBACKS[n]() for n in cfg.callbacks]

    def train(self):
        cfg = self.cfg
        loader = make_prompt_loader(cfg.prompts, cfg.prompts_per_step, cfg.pin_memory)
        step = 0
        while step < cfg.steps:
            for rows in loader:
                prompts = [r["prompt"] for r in rows]
                texts, old_lp = self.engine.generate(prompts, cfg.group_size)
                samples = [r for r in rows for _ in range(cfg.group_size)]
                rewards = score_rollouts(cfg.verifiers, texts, samples)
                adv = grpo_advantages(rewards, len(prompts), cfg.group_size).cuda()
                enc = self.tok(texts, return_tensors="pt", padding=True).to("cuda")
                logits = self.policy(**enc).logits[:, :-1]
                lp = logits.log_softmax(-1).gather(2, enc["input_ids"][:, 1:, None]).squeeze(2)
                loss = -(adv[:, None] * lp).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                if cfg.sync_mode == "full":
                    self.sync.push_full()
                else:
                    self.sync.push_bucketed()
                for cb in self.callbacks:
                    cb.on_step_end(self, step, {"rewards": rewards, "loss": loss.detach()})
                step += 1
                if step % cfg.save_every == 0:
                    save_policy(self.policy, "checkpoints", step)
                if step >= cfg.steps:
                    return


def main():
    GRPOTrainer(parse()).train()


if __name__ == "__main__":
    main()
