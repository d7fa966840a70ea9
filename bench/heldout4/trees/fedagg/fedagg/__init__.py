from .server import FederatedServer, ServerConfig

__all__ = ["FederatedServer", "ServerConfig"]
