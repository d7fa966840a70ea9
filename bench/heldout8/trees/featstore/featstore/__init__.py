from .config import StoreConfig, parse_args

__version__ = "0.9.0"
