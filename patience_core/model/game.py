"""What identifies a game: variant (or file), parameter values, and a seed or a pack."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from patience_core.model import cards
from patience_core.variants.catalog import build_registry, compile_variant
from patience_core.model.deal import parse_pack, read_pack_file, seeded_order, start_position
from patience_core.errors import PatienceError
from patience_core.variants.loader import Registry, parameter_text
from patience_core.model.position import Position
from patience_core.model.rules import Rules


@dataclass
class GameSpec:
    """Everything needed to deal the same game again, on any machine."""

    variant: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    pack: list[str] | None = None  # card names, top first (from a pack file)
    file: str | None = None        # a variant file under development
    deal: str | None = None        # a deal number of another program: "ms:11982", "pysol:1234"

    def compile(self, registry: Registry | None = None) -> Rules:
        registry = registry if registry is not None else build_registry()
        if self.file:
            source = registry.add_file(Path(self.file))
        else:
            source = registry.get(self.variant or "")
        rules = compile_variant(source, self.params)
        self.variant = rules.name
        return rules

    def order(self, rules: Rules) -> list[int]:
        if self.pack is not None:
            return parse_pack(" ".join(self.pack), rules, "pack")
        if self.deal is not None:
            from patience_core.model.deal_numbers import order_for, parse_deal

            return order_for(rules, parse_deal(self.deal))
        if self.seed is None:
            raise PatienceError("no deal given: expected --seed N, --deal ms:N or pysol:N, or --pack FILE")
        return seeded_order(rules, self.seed)

    def start(self, rules: Rules) -> Position:
        return start_position(rules, self.order(rules))

    def load_pack_file(self, path: str, rules: Rules) -> None:
        self.pack = [cards.card_name(c) for c in read_pack_file(path, rules)]

    def deal_text(self) -> str:
        """``deal 3``, ``deal ms:11982`` or ``deal from a pack file``."""
        return (f"deal {self.seed}" if self.seed is not None else f"deal {self.deal}" if self.deal
                else "deal from a pack file")

    def describe(self, rules: Rules) -> str:
        deal = self.deal_text()
        params = " ".join(f"{k}={parameter_text(v)}" for k, v in rules.params.items())
        return f"{rules.title}, {deal}" + (f" ({params})" if params else "")

    def to_json(self, rules: Rules | None = None) -> dict[str, Any]:
        params = ({k: parameter_text(v) for k, v in rules.params.items()} if rules
                  else {k: parameter_text(v) for k, v in self.params.items()})
        data: dict[str, Any] = {"variant": self.variant, "params": params}
        if self.seed is not None:
            data["seed"] = self.seed
        if self.pack is not None:
            data["pack"] = list(self.pack)
        if self.deal is not None:
            data["deal"] = self.deal
        if self.file:
            data["file"] = self.file
        return data
