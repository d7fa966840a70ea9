"""External-sampling traversals run by a pool of worker processes."""
from __future__ import annotations

import multiprocessing as mp

import numpy as np
import torch

from . import ops
from .game import ACTIONS, deal


def _features(states) -> torch.Tensor:
    cards = torch.tensor(
        np.stack([np.concatenate([s.hole[0], s.board]) for s in states]), dtype=torch.long
    )
    hist = torch.tensor(np.stack([s.history_vector() for s in states]))
    return ops.encode(cards, hist)


def _regrets(net, states) -> np.ndarray:
    x = _features(states)
    with torch.no_grad():
        return net(x).cpu().numpy()


def _rollout(net, job) -> list[tuple[np.ndarray, np.ndarray]]:
    seed, n_traversals = job
    rng = np.random.default_rng(seed)
    states = [deal(rng) for _ in range(n_traversals)]
    adv = _regrets(net, states)
    holes = torch.tensor(np.stack([s.hole[0] for s in states]), dtype=torch.long)
    eq = ops.strengths(holes, torch.tensor(np.stack([s.board for s in states[:8]]), dtype=torch.long))
    samples = []
    for s, a, e in zip(states, adv, eq.mean(0).numpy()):
        target = np.zeros(len(ACTIONS), np.float32)
        target[int(np.argmax(a))] = float(e)
        samples.append((np.concatenate([s.hole[0], s.board]).astype(np.int64), target))
    return samples


def _worker(q_in: mp.Queue, q_out: mp.Queue, state_dict, build_net) -> None:
    net = build_net()
    net.load_state_dict(state_dict)
    net.eval().cuda()
    warm = torch.empty((4096, 7 * 16 + 24), dtype=torch.float32).pin_memory()
    net(warm[:1].cuda())
    while True:
        job = q_in.get()
        if job is None:
            return
        q_out.put(_rollout(net, job))


def run_traversals(state_dict, build_net, n_jobs: int, per_job: int, n_workers: int, iteration: int):
    ctx = mp.get_context("spawn")
    q_in, q_out = ctx.Queue(), ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(q_in, q_out, state_dict, build_net)) for _ in range(n_workers)]
    for p in procs:
        p.start()
    for j in range(n_jobs):
        q_in.put((iteration * 100003 + j, per_job))
    for _ in procs:
        q_in.put(None)
    out = [s for _ in range(n_jobs) for s in q_out.get()]
    for p in procs:
        p.join()
    return out
