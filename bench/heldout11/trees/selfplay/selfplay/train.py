"""Learner: trains the network on the replay buffer while actors generate games."""
from __future__ import annotations

import argparse
import logging
from typing import Callable, Dict

import torch
import torch.nn.functional as F

from . import actors
from .config import load_config
from .net import PolicyValueNet
from .replay import ReplayBuffer, make_loader

log = logging.getLogger("selfplay.train")

HookFn = Callable[["Trainer", int, Dict[str, torch.Tensor]], None]
HOOKS: Dict[str, HookFn] = {}


def register_hook(name: str):
    def deco(fn: HookFn) -> HookFn:
        HOOKS[name] = fn
        return fn
    return deco


@register_hook("log_policy_entropy")
def log_policy_entropy(trainer: "Trainer", step: int, out: Dict[str, torch.Tensor]) -> None:
    logits = out["policy_logits"].detach()
    ent = -(logits.softmax(-1) * logits.log_softmax(-1)).sum(-1)
    host = torch.empty(ent.shape, dtype=ent.dtype, pin_memory=True)
    host.copy_(ent, non_blocking=True)
    trainer.metrics["entropy"] = host


@register_hook("log_lr")
def log_lr(trainer: "Trainer", step: int, out: Dict[str, torch.Tensor]) -> None:
    trainer.metrics["lr"] = trainer.opt.param_groups[0]["lr"]


_VALUE_TARGETS = None


def value_target_buffer(batch_size: int) -> torch.Tensor:
    global _VALUE_TARGETS
    if _VALUE_TARGETS is None:
        _VALUE_TARGETS = torch.zeros(batch_size, dtype=torch.float32, pin_memory=True)
    return _VALUE_TARGETS


class Trainer:
    def __init__(self, net, lr: float, hook_names):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
        self.hooks = [HOOKS[n] for n in hook_names]
        self.metrics = {}

    def fit(self, loader, steps: int, device):
        step = 0
        while step < steps:
            for planes, policies in loader:
                planes = planes.to(device, non_blocking=True)
                policies = policies.to(device, non_blocking=True)
                vt = value_target_buffer(planes.shape[0]).to(device, non_blocking=True)
                logits, value = self.net(planes)
                loss = F.cross_entropy(logits, policies) + F.mse_loss(value.squeeze(-1), vt)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                out = {"policy_logits": logits, "loss": loss}
                for hook in self.hooks:
                    hook(self, step, out)
                step += 1
                if step >= steps:
                    break


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/selfplay.yaml")
    args = ap.parse_args(argv)
    cfg = load_config(args.config)
    device = torch.device(cfg.evaluator.device)
    net = PolicyValueNet(cfg.board_size).to(device)
    buffer = ReplayBuffer()
    actors.launch(cfg, net, buffer.put)
    loader = make_loader(buffer, cfg.train.batch_size, cfg.train.num_workers, cfg.train.pin_memory)
    Trainer(net, cfg.train.lr, cfg.train.hooks).fit(loader, cfg.train.steps, device)


if __name__ == "__main__":
    main()
