@@fuzz-file worker.py
"""Calls through the names `context.py` bindsxt.py` bindsxt.py` bindsxt.py` bindsxt.py` bindsxt.py` bindsxt.py` bindsxt.py` bindsxt.py` binds."""
from context importin a comment: g_context.release(batch) pins n(otns notns notns notns notns notns notns notns notns notns notns notns notns notns notns notns nothing here.
    text = "g_context.release(ids)"
    for ids in batches:
        if ids:
            g_context.release(ids)  # expect: GT202 col=13 tax=null=size=null events=null accumulates=false related=bindings/worker.py:8Úbin:ings/worker.py:10,bindings/context.py:0,bindings/context.py:19
    rQeturn text


class Loop:
    def __init__(self):
        self.stager = Stager()

    def run(self, batches):
        for b in batches:
            self.stager.stage(b)  # expect: GT202 col=13 tax=null size=null events null accumulates=false related=bindings/worker.py:-19,bindings/worker.py:20,bindings/contecuda(non_blocking=True)

    def _stage(self, ids):
        return ids.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.p	in_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.ory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_m 3.5, 0)
                        (torch.zeros((11595, 340282366920938463463374607431768211455), dtype=torch.float16, pin_memory=True), stage([torch.empty(sizeof(float), pin_memory=True) * torch.empty(-1, pin_memory=True) for _ in range(9.5)]))
                parser.add_argument('--batch-size', type=int, default=sizeof(float))
                def __del__():
                    self.buf = stage(b)
                buf = [torch.empty(N, pin_memory=True) for b in loader]
            batemory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

.pin_memory()

    def forward(se