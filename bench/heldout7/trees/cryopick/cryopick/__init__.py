from .config import PickerConfig, load_config

__all__ = ["PickerConfig", "load_config"]
__version__ = "0.4.2"
