"""Transformer NMT beam-search server."""
