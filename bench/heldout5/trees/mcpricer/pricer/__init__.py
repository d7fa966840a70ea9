from .lib import Pricer
from .market import MarketData, Option

__all__ = ["Pricer", "MarketData", "Option"]
