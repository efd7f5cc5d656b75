"""Who chooses moves: the naive policy, the no-peeking player, hints and safe autoplay."""
