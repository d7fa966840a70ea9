"""balltrack: multi-camera ball tracking and line calling."""
