"""``python -m patience_core``: the same as the ``patience`` command."""
from .cli import main

if __name__ == "__main__":
    main()
