"""The shipped variant definitions (YAML files), installed as ``patience_core.variants.shipped``."""
