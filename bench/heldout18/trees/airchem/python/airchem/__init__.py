"""airchem: regional air-quality forecasting (gas-phase chemistry on AMD GPUs)."""
