"""stem4d: streaming analysis of 4D-STEM scans."""
