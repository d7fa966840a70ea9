"""Thin import shim for the compiled pybind11 module."""
try:
    from ._qsim_native import StateVector, expectation, measure, snapshot  # type: ignore  # noqa: F401
except ImportError:  # pragma: no cover
    StateVector = expectation = measure = snapshot = None
