"""GPU calibration, registration and stacking of deep-sky sub-exposures."""
