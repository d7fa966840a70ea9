from .hybrid import HybridSeparator
