"""trajfc: multi-agent trajectory forecasting."""
