"""What is kept on disk: saved games, the history of games played, the user's data directory."""
