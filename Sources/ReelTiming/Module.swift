// ReelTiming — under construction
