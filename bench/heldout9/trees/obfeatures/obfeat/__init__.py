"""Order-book microstructure features on the GPU."""
