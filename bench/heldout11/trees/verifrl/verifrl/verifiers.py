"""Programmatic reward functions. Each maps (completion, sample) -> reward tensor."""
from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, List

import torch

from .sandbox import Sandbox

Verifier = Callable[[str, dict], torch.Tensor]
VERIFIERS: Dict[str, Verifier] = {}
_SANDBOX = None
_POOL = ThreadPoolExecutor(max_workers=32)


def verifier(name: str):
    def deco(fn):
        VERIFIERS[name] = fn
        return fn
    return deco


def sandbox() -> Sandbox:
    global _SANDBOX
    if _SANDBOX is None:
        _SANDBOX = Sandbox()
    return _SANDBOX


@verifier("math")
def boxed_answer_reward(completion: str, sample: dict) -> torch.Tensor:
    m = re.findall(r"\\boxed\{([^}]*)\}", completion)
    ok = bool(m) and m[-1].strip() == str(sample.get("answer", "")).strip()
    return torch.tensor(float(ok))


@verifier("code")
def unit_test_reward(completion: str, sample: dict) -> torch.Tensor:
    code = completion.split("```python")[-1].split("```")[0]
    passes = sandbox().run(code, sample.get("tests", []))
    vec = torch.tensor(passes or [0], dtype=torch.float32).pin_memory()
    return vec.mean()


@verifier("format")
def format_reward(completion: str, sample: dict) -> torch.Tensor:
    return torch.tensor(0.1 if completion.rstrip().endswith(("}", "```")) else 0.0)


def score_rollouts(names: List[str], completions: List[str], samples: List[dict]) -> torch.Tensor:
    fns = [VERIFIERS[n] for n in names]
    rewards = torch.zeros(len(completions))
    for fn in fns:
        vals = list(_POOL.map(fn, completions, samples))
        rewards += torch.stack(vals)
    return rewards
