"""moeoffload: mixture-of-experts inference with experts offloaded to host memory."""
