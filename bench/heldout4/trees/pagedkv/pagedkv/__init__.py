from .engine import LLMEngine, EngineConfig

__all__ = ["LLMEngine", "EngineConfig"]
