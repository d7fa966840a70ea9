"""Streaming anomaly detection for industrial IoT sensors."""
