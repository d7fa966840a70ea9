import concurrent.futures as cf
import multiprocessing as mp
import random

import cupy as cp
import cupyx
import numpy as np

from .config import SearchConfig
from .data.frame import TabularFrame
from .features.encoders import FrequencyEncoder
from .metrics import auc
from .registry import MODELS


def _sample(space, rng):
    return {k: rng.choice(v) if isinstance(v, list) else v for k, v in space.items()}


def _run_trial(job):
    path, cfg, model_name, params, seed = job
    frame = TabularFrame(path, cfg.target)
    extra = [FrequencyEncoder().transform(frame.raw[c].astype("category").cat.codes.to_numpy(np.int32))
             for c in frame.categorical]
    X = cp.concatenate([frame.X] + [e[:, None] for e in extra], axis=1) if extra else frame.X
    n = X.shape[0]
    idx = np.random.default_rng(seed).permutation(n)
    oof = cp.cuda.alloc_pinned_memory(n * 4)
    oof_view = np.frombuffer(oof, dtype=np.float32, count=n)
    scores = []
    for f in range(cfg.folds):
        val = idx[f::cfg.folds]
        trn = np.setdiff1d(idx, val)
        model = MODELS[model_name](**params).fit(X[trn], frame.y[trn])
        pred = cp.asnumpy(model.predict(X[val]))
        oof_view[val] = pred
        scores.append(auc(frame.y_host[val], pred))
    return model_name, params, float(np.mean(scores)), oof_view.copy()


class Searcher:
    def __init__(self, cfg: SearchConfig, path: str):
        self.cfg = cfg
        self.path = path
        self.rng = random.Random(0)
        self.slots = [cupyx.empty_pinned(1 << 20, dtype=np.float32) for _ in range(cfg.workers)]
        self.results = []

    def jobs(self):
        for t in range(self.cfg.trials):
            name = self.cfg.models[t % len(self.cfg.models)]
            yield (self.path, self.cfg, name, _sample(self.cfg.space.get(name, {}), self.rng), t)

    def run(self):
        ctx = mp.get_context("spawn")
        with cf.ProcessPoolExecutor(self.cfg.workers, mp_context=ctx) as pool:
            for i, res in enumerate(pool.map(_run_trial, self.jobs())):
                name, params, score, oof = res
                slot = self.slots[i % len(self.slots)]
                slot[: oof.size] = oof[: slot.size]
                self.results.append((score, name, params))
        self.results.sort(reverse=True, key=lambda r: r[0])
        return self.results
