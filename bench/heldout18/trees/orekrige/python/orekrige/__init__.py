from ._orekrige import Estimator, export_grades, load_block_model, read_composites, simulate

__all__ = ["Estimator", "export_grades", "load_block_model", "read_composites", "simulate"]
