"""Is this deal winnable? The pruned search (compiled where possible), its relaxations, and the solve() entry point."""
