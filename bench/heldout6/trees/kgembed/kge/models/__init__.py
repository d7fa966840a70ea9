from .registry import MODELS, build_model
