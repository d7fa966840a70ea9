from .config import StackConfig
from .pipeline import Pipeline
