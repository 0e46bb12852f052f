"""Speed benchmarks (never timed tests): engine rounds per second, start-up time."""
