from . import ops  # noqa: F401  (registers torch.ops.kge)
