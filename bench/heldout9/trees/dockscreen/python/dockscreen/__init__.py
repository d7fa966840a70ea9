"""GPU virtual screening driver."""
