"""Self-play actor threads: each plays games against itself with MCTS."""
from __future__ import annotations

import threading
from typing import List

import numpy as np
import torch

from . import _C
from .config import SelfPlayConfig
from .evaluator import BatchedEvaluator

SYMMETRIES = [(k, flip) for k in range(4) for flip in (False, True)]


class GamePool:
    """Per-game history buffers, allocated once when the actor pool starts."""

    def __init__(self, n_games: int, board: int, history: int):
        self.histories: List[torch.Tensor] = []
        for game in range(n_games):
            buf = torch.zeros((history, board, board), dtype=torch.int8).pin_memory()
            self.histories.append(buf)

    def history(self, game: int) -> torch.Tensor:
        return self.histories[game]


def augment_game(positions: np.ndarray, policies: np.ndarray):
    """Returns the 8 dihedral copies of a finished game, ready for the replay queue."""
    out = []
    for k, flip in SYMMETRIES:
        p = np.rot90(positions, k, axes=(-2, -1))
        q = np.rot90(policies, k, axes=(-2, -1))
        if flip:
            p, q = p[..., ::-1], q[..., ::-1]
        pinned = torch.from_numpy(np.ascontiguousarray(p)).pin_memory()
        out.append((pinned, torch.from_numpy(np.ascontiguousarray(q))))
    return out


class SelfPlayActor(threading.Thread):
    def __init__(self, cfg: SelfPlayConfig, evaluator: BatchedEvaluator, pool: GamePool, replay_put, actor_id: int):
        super().__init__(daemon=True, name=f"actor-{actor_id}")
        self.cfg = cfg
        self.evaluator = evaluator
        self.pool = pool
        self.replay_put = replay_put
        self.actor_id = actor_id
        self.tree = _C.SearchTree(cfg.board_size, cfg.leaf_batch, 1.5)

    def play_move(self, state: np.ndarray) -> int:
        self.tree.run_simulations(self.cfg.simulations, state.tolist())
        policy, _ = self.evaluator.evaluate(state[None, :])
        visits = np.asarray(self.tree.policy())
        mix = 0.75 * visits + 0.25 * policy[0, : visits.shape[0]]
        return int(np.argmax(mix))

    def play_game(self, game: int):
        cells = self.cfg.board_size ** 2
        state = np.zeros(cells, dtype=np.int8)
        positions, policies = [], []
        hist = self.pool.history(game)
        for ply in range(2 * cells):
            mv = self.play_move(state)
            positions.append(state.reshape(self.cfg.board_size, -1).copy())
            policies.append(np.asarray(self.tree.policy()).reshape(self.cfg.board_size, -1))
            hist[ply % hist.shape[0]].copy_(torch.from_numpy(positions[-1]))
            if mv == cells - 1:
                break
            state[mv] = 1 if ply % 2 == 0 else -1
        for sample in augment_game(np.stack(positions), np.stack(policies)):
            self.replay_put(sample)

    def run(self):
        first = self.actor_id * self.cfg.games_per_actor
        for game in range(first, first + self.cfg.games_per_actor):
            self.play_game(game - first)


def launch(cfg: SelfPlayConfig, net: torch.nn.Module, replay_put):
    evaluator = BatchedEvaluator(net, cfg.board_size, cfg.evaluator.max_batch, cfg.evaluator.device)
    pool = GamePool(cfg.games_per_actor, cfg.board_size, cfg.history)
    actors = [SelfPlayActor(cfg, evaluator, pool, replay_put, i) for i in range(cfg.actors)]
    for a in actors:
        a.start()
    return actors
