"""Light-sheet deconvolution: tiled Richardson-Lucy on the GPU."""
