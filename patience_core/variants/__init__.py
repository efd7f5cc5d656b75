"""Variant definitions: reading YAML, the schema and its line-numbered errors, the catalogue of variants."""
