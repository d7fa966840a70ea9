"""scftpoly: GPU self-consistent field theory for block copolymers."""
__version__ = "0.5.3"
