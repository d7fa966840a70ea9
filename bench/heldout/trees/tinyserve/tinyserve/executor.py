"""Multi-process executor: one worker process per GPU, driven by name over a pipe."""

from __future__ import annotations

import multiprocessing as mp
from typing import Any, Callable


def _worker_main(conn, factory: Callable[[], Any]) -> None:
    worker = factory()
    while True:
        method, args, kwargs = conn.recv()
        if method == "shutdown":
            break
        try:
            conn.send((True, getattr(worker, method)(*args, **kwargs)))
        except Exception as exc:  # noqa: BLE001 - forwarded to the driver
            conn.send((False, repr(exc)))


class Executor:
    def __init__(self, factories: list[Callable[[], Any]]) -> None:
        ctx = mp.get_context("spawn")
        self.conns = []
        self.procs = []
        for f in factories:
            parent, child = ctx.Pipe()
            p = ctx.Process(target=_worker_main, args=(child, f), daemon=True)
            p.start()
            self.conns.append(parent)
            self.procs.append(p)

    def collective_rpc(self, method: str, *args: Any, **kwargs: Any) -> list[Any]:
        for c in self.conns:
            c.send((method, args, kwargs))
        results = []
        for c in self.conns:
            ok, value = c.recv()
            if not ok:
                raise RuntimeError(f"worker failed in {method}: {value}")
            results.append(value)
        return results

    def step(self, scheduler_output) -> list[int]:
        return self.collective_rpc("execute_model", scheduler_output)[0]

    def shutdown(self) -> None:
        for c in self.conns:
            c.send(("shutdown", (), {}))
        for p in self.procs:
            p.join(timeout=10)
