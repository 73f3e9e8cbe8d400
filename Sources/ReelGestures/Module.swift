// ReelGestures — under construction
