"""Win-rate measurement over many deals, and the confidence intervals it reports."""
