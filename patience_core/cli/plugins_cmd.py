"""`patience plugins`: the plugins that are loaded, their versions and their hooks, and the
installed ones left out because they could not be loaded, with why."""
from __future__ import annotations

from patience_core.plugins.hooks import get_plugin_manager, hook_names
from patience_core.cli.common import JsonOpt, print_json


def plugin_rows() -> list[dict]:
    """One row per registered plugin, the built-in one last (it is called last); then one per
    installed plugin left out (``problem`` says why; ``None`` for a loaded one)."""
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
                     "hooks": hooks, "problem": None})
    rows.sort(key=lambda r: (r["source"] == "builtin", r["name"]))
    for name, info in sorted(pm.broken.items()):
        rows.append({"name": name, "version": info.version, "source": info.kind, "distribution": info.distribution,
                     "location": info.location, "hooks": [], "problem": info.problem})
    return rows


def plugins(as_json: bool = JsonOpt) -> None:
    """List the loaded plugins: name, version, where from, and the hooks each implements;
    then the installed plugins left out, and why."""
    rows = plugin_rows()
    if as_json:
        print_json(rows)
        return
    for row in rows:
        where = row["distribution"] or row["location"] or row["source"]
        version = f" {row['version']}" if row["version"] else ""
        print(f"{row['name']}{version} ({row['source']}: {where})" + (", left out" if row["problem"] else ""))
        for hook in row["hooks"]:
            print(f"  {hook}")
        if row["problem"]:
            print(f"  {row['problem']}")
