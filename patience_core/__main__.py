"""``python -m patience_core``: the same as the ``patience`` command."""
from patience_core.cli import main

if __name__ == "__main__":
    main()
