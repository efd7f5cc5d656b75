"""The game itself: cards, compiled rules, positions and moves, deals, the move notation."""
