from .registry import OPS, get_op
