// ReelReplay — under construction
