from .system import System
