"""The pluggy layer: hook specifications, the plugin manager, and the built-in behaviour as hook implementations."""
