from .config import Menu, load_menu

__all__ = ["Menu", "load_menu"]
