from .eventsource import EventSource

__all__ = ["EventSource"]
