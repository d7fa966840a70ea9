from . import _ops  # noqa: F401  (registers torch.ops.flarecast)

__version__ = "1.3.0"
