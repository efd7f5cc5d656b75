"""The terminal game: the board drawing, the typed commands, the game session with undo and redo."""
