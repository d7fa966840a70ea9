"""Runs candidate programs against unit tests in isolated worker processes."""
from __future__ import annotations

import subprocess
import tempfile
from concurrent.futures import ProcessPoolExecutor

import torch

_RESULTS = None


def _init_worker(max_tests: int):
    global _RESULTS
    torch.set_num_threads(1)
    _RESULTS = torch.zeros(max_tests, dtype=torch.uint8, pin_memory=True)


def _run(program: str, tests: list) -> list:
    n = min(len(tests), _RESULTS.shape[0])
    _RESULTS[:n].zero_()
    for i, t in enumerate(tests[:n]):
        with tempfile.NamedTemporaryFile("w", suffix=".py") as fh:
            fh.write(program + "\n\n" + t + "\n")
            fh.flush()
            try:
                r = subprocess.run(["python3", fh.name], capture_output=True, timeout=5)
                _RESULTS[i] = int(r.returncode == 0)
            except subprocess.TimeoutExpired:
                _RESULTS[i] = 0
    return _RESULTS[:n].tolist()


class Sandbox:
    def __init__(self, workers: int = 16, max_tests: int = 64):
        self.pool = ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(max_tests,))

    def run(self, program: str, tests: list) -> list:
        return self.pool.submit(_run, program, tests).result()
