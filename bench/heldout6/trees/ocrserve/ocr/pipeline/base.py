class Stage:
    """A pipeline stage: `__call__` runs setup_inputs -> run -> finish on a request context."""

    name = "stage"

    def __init__(self, cfg):
        self.cfg = cfg

    def setup_inputs(self, ctx):
        return ctx

    def run(self, ctx):
        raise NotImplementedError

    def finish(self, ctx):
        return ctx

    def __call__(self, ctx):
        ctx = self.setup_inputs(ctx)
        ctx = self.run(ctx)
        return self.finish(ctx)


class Pipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def process(self, ctx):
        for st in self.stages:
            ctx = st(ctx)
        return ctx
