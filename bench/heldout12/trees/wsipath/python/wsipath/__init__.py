"""wsipath: whole-slide image tiling and attention-MIL classification."""
