// ReelEngine — under construction
