"""Sentinel-2 style tile processing: read -> calibrate -> indices -> COG write."""
