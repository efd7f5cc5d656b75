"""`patience plugins`: the plugins that are loaded, their versions and their hooks."""
from __future__ import annotations

from patience_core.plugins.hooks import get_plugin_manager, hook_names
from patience_core.cli.common import JsonOpt, print_json


def plugin_rows() -> list[dict]:
    """One row per registered plugin, the built-in one last (it is called last)."""
    pm = get_plugin_manager()
    order = {name: i for i, name in enumerate(hook_names())}
    rows = []
    for name, plugin in pm.list_name_plugin():
        info = pm.infos.get(name)
        hooks = sorted((c.name for c in pm.get_hookcallers(plugin) or []), key=lambda h: order.get(h, 99))
        rows.append({"name": name, "version": info.version if info else None,
                     "source": info.kind if info else "object",
                     "distribution": info.distribution if info else None,
                     "location": info.location if info else None,
                     "hooks": hooks})
    rows.sort(key=lambda r: (r["source"] == "builtin", r["name"]))
    return rows


def plugins(as_json: bool = JsonOpt) -> None:
    """List the loaded plugins: name, version, where from, and the hooks each implements."""
    rows = plugin_rows()
    if as_json:
        print_json(rows)
        return
    for row in rows:
        where = row["distribution"] or row["location"] or row["source"]
        version = f" {row['version']}" if row["version"] else ""
        print(f"{row['name']}{version} ({row['source']}: {where})")
        for hook in row["hooks"]:
            print(f"  {hook}")
