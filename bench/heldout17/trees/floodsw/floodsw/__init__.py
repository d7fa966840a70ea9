"""floodsw: GPU shallow-water flood modelling with gauge assimilation."""
