"""sumgame from Python: analyse, solve and play sums of combinatorial games.

    >>> import sumgame
    >>> a = sumgame.analyze("amazons:x.xx/.xBx/W.xx/xxxx")
    >>> a.mean, a.temperature
    (Fraction(3, 4), Fraction(5, 4))

Exact values are :class:`fractions.Fraction`; errors are :class:`SumgameError` carrying
libsumgame's one-line message. Every call runs the library in a child forked from the
interpreter (``_bridge``), so a crashing game plugin raises :class:`PluginCrash` instead
of killing the interpreter. See docs/python.md.
"""

import json
import os
import shutil
import tempfile

from ._bridge import LimitReached, PluginCrash, SumgameError, run
from .objects import (Analysis, CanonicalForm, Component, MatchResult, Plugin, Report,
                      Solution, Sum, Thermograph, to_value)

__all__ = [
    "Session", "SumgameError", "LimitReached", "PluginCrash", "Analysis", "CanonicalForm",
    "Component", "MatchResult", "Plugin", "Report", "Solution", "Sum", "Thermograph",
    "analyze", "solve", "canonical", "thermograph", "parse", "gen", "match", "report",
    "plugins", "load", "perft", "to_value", "METHODS",
]

METHODS = ("exact", "tds", "tdsplus", "mcdual", "thermograph")


def _limits(time=None, nodes=None, memory=None):
    args = []
    if time is not None:
        args += ["--time", str(time)]
    if nodes is not None:
        args += ["--nodes", str(int(nodes))]
    if memory is not None:
        args += ["--memory", str(memory)]
    return args


def _option(name):
    return "--" + name.replace("_", "-")


def _ini_text(config):
    """A match configuration given as a dict of sections to an INI text."""
    lines = []
    for section, items in config.items():
        lines.append("[%s]" % section)
        for key, value in items.items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            lines.append("%s = %s" % (key, value))
        lines.append("")
    return "\n".join(lines)


class Session:
    """A plugin search path and the plugins loaded into it. ``plugin_path`` is a list of
    directories (or a ':'-separated string) searched first, as ``--plugin-path``; then
    ``$SUMGAME_PLUGIN_PATH``, then the build tree or installation the package's library
    belongs to."""

    def __init__(self, plugin_path=None):
        if isinstance(plugin_path, str):
            plugin_path = [d for d in plugin_path.split(":") if d]
        self.plugin_path = list(plugin_path or [])
        self._tmpdirs = []

    def __del__(self):
        for d in getattr(self, "_tmpdirs", []):
            shutil.rmtree(d, ignore_errors=True)

    def _run(self, args):
        if self.plugin_path:
            args = list(args) + ["--plugin-path", ":".join(self.plugin_path)]
        return run(args)

    def _json(self, args):
        text = self._run(list(args) + ["--json"])
        return json.loads(text)

    # -- plugins -----------------------------------------------------------------------

    def plugins(self):
        """Every plugin the search path finds, as `sumgame list --json` lists them:
        {"games": [Plugin...], "strategies": [Plugin...], "errors": [...]}."""
        d = self._json(["list"])
        return {
            "games": [Plugin(p, "game") for p in d.get("games", [])],
            "strategies": [Plugin(p, "strategy") for p in d.get("strategies", [])],
            "errors": d.get("errors", []),
        }

    def load(self, name_or_path, kind="game"):
        """A plugin by name (found in the search path) or by the path of its .so file,
        which joins this session's search path. Loading is checked as the host checks it
        (ABI version, descriptor size, required functions); a refusal raises
        SumgameError with the loader's line."""
        if kind not in ("game", "strategy"):
            raise ValueError("kind must be 'game' or 'strategy'")
        folder = "games" if kind == "game" else "strategies"
        if os.sep in name_or_path or name_or_path.endswith(".so"):
            path = os.path.abspath(name_or_path)
            if not os.path.isfile(path):
                raise SumgameError("sumgame: load: '%s': no such file" % name_or_path)
            stem = os.path.basename(path)[:-3] if path.endswith(".so") else os.path.basename(path)
            parent = os.path.dirname(path)
            if os.path.basename(parent) == folder:
                directory = os.path.dirname(parent)
                path = None  # found where it is: the host's messages name it
            else:
                directory = tempfile.mkdtemp(prefix="sumgame-py-")
                self._tmpdirs.append(directory)
                os.mkdir(os.path.join(directory, folder))
                os.symlink(path, os.path.join(directory, folder, stem + ".so"))
            if directory not in self.plugin_path:
                self.plugin_path.insert(0, directory)
            name = stem
        else:
            name, path = name_or_path, None
        listing = self._json(["list"])
        for p in listing.get("games" if kind == "game" else "strategies", []):
            if p.get("name") == name:
                plugin = Plugin(p, kind)
                if path:
                    plugin.path = path
                return plugin
        for e in listing.get("errors", []):
            where = e.get("path", "")
            if os.path.basename(where) == name + ".so":
                text = e.get("error", "")
                if path:
                    text = text.replace(where, path)
                raise SumgameError("sumgame: load: " + text)
        raise SumgameError("sumgame: load: no %s plugin '%s' in the search path" % (kind, name))

    # -- positions ---------------------------------------------------------------------

    def parse(self, text):
        """The sum as the host reads it (components split, settled ones in ``frozen``)."""
        if isinstance(text, Sum):
            text = str(text)
        d = json.loads(self._run(["py-parse", text]))
        return Sum([Component(c["game"], c["position"]) for c in d["components"]],
                   to_value(d["frozen"]))

    def gen(self, game, count=1, seed=None, **params):
        """Random positions of game (its params as keywords), as Components."""
        args = ["gen", game, "--count", str(int(count))]
        if seed is not None:
            args += ["--seed", str(seed)]
        args += ["%s=%s" % (k, v) for k, v in params.items()]
        out = self._run(args)
        return [Component(game, line) for line in out.splitlines() if line]

    # -- analysis ----------------------------------------------------------------------

    def analyze(self, position, method="exact", canonical=False, time=None, nodes=None,
                memory=None, **options):
        """`sumgame analyze`: mean, temperature, pseudo-temperatures, stops, best moves.
        method is one of METHODS; options are the command's other options by name
        (delta="1/2", depth=4, tmax=..., enhancements="E1,E2", playouts=2000, c=...,
        threads=..., seed=..., komaster="left", params="cycles=yes"). For exact and
        thermograph, time is a limit; for tds and tdsplus it is the search's time per
        estimate, as on the command line."""
        if method not in METHODS:
            raise SumgameError("sumgame: analyze: unknown method '%s' (%s)"
                               % (method, ", ".join(METHODS)))
        args = ["analyze", str(position), "--method", method]
        if canonical:
            args.append("--canonical")
        args += _limits(time, nodes, memory)
        for k, v in options.items():
            if v is None or v is False:
                continue
            args.append(_option(k))
            if v is not True:
                args.append(str(v))
        return Analysis(self._json(args))

    def solve(self, position, first="both", time=None, nodes=None, memory=None):
        """`sumgame solve`: the Left and Right stops, winners and best moves."""
        args = ["solve", str(position), "--first", first] + _limits(time, nodes, memory)
        return Solution(self._json(args))

    def canonical(self, position, time=None, nodes=None, memory=None):
        """The canonical form of a component or a sum."""
        a = self.analyze(position, "exact", canonical=True, time=time, nodes=nodes,
                         memory=memory)
        return a.canonical

    def thermograph(self, component, time=None, nodes=None, memory=None):
        """The exact thermograph of a component (GAME:POSITION) or a sum, walls included."""
        args = ["py-thermograph", str(component)] + _limits(time, nodes, memory)
        return Thermograph(json.loads(self._run(args)))

    def perft(self, component, depth, player="left"):
        return int(self._json(["perft", str(component), str(int(depth)),
                               "--player", player])["leaves"])

    # -- play --------------------------------------------------------------------------

    def match(self, config, games=None, jobs=None, seed=None, out=None, resume=False,
              **options):
        """`sumgame match`: config is an INI file's path or a dict of sections
        ({"match": {...}, "sum": {...}, "strategy.NAME": {...}}). Returns a
        MatchResult: its summary (the command's --json object) and every game's record
        as a dict (the --out file's lines; a temporary file unless out is given)."""
        tmp = tempfile.mkdtemp(prefix="sumgame-py-")
        try:
            if isinstance(config, dict):
                path = os.path.join(tmp, "match.ini")
                with open(path, "w") as f:
                    f.write(_ini_text(config))
                shown = "<dict>"
            else:
                path = str(config)
                shown = None
            records = out or os.path.join(tmp, "games.jsonl")
            args = ["match", path, "--out", records]
            if games is not None:
                args += ["--games", str(int(games))]
            if jobs is not None:
                args += ["--jobs", str(int(jobs))]
            if seed is not None:
                args += ["--seed", str(seed)]
            if resume:
                args.append("--resume")
            for k, v in options.items():
                if v is None or v is False:
                    continue
                args.append(_option(k))
                if v is not True:
                    args.append(str(v))
            try:
                summary = self._json(args)
            except SumgameError as e:
                if shown:
                    e.message = e.message.replace(path, shown)
                    e.args = (e.message,)
                raise
            with open(records) as f:
                recs = [json.loads(line) for line in f if line.strip()]
            return MatchResult(summary, recs, records if out else None, self)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def report(self, records):
        """`sumgame report` of a record file (or a list of record dicts): its tables and
        plots (SVG) as a Report."""
        tmp = tempfile.mkdtemp(prefix="sumgame-py-")
        try:
            if isinstance(records, (list, tuple)):
                path = os.path.join(tmp, "games.jsonl")
                with open(path, "w") as f:
                    for r in records:
                        f.write(json.dumps(r, separators=(",", ":")) + "\n")
            else:
                path = str(records)
            outdir = os.path.join(tmp, "report")
            self._run(["report", path, "--out-dir", outdir])
            files = {}
            for name in os.listdir(outdir):
                with open(os.path.join(outdir, name), encoding="utf-8") as f:
                    files[name] = f.read()
            return Report(files)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


default = Session()


def analyze(position, method="exact", **kw):
    return default.analyze(position, method, **kw)


def solve(position, first="both", **kw):
    return default.solve(position, first, **kw)


def canonical(position, **kw):
    return default.canonical(position, **kw)


def thermograph(component, **kw):
    return default.thermograph(component, **kw)


def parse(text):
    return default.parse(text)


def gen(game, count=1, seed=None, **params):
    return default.gen(game, count, seed, **params)


def match(config, **kw):
    return default.match(config, **kw)


def report(records):
    return default.report(records)


def plugins():
    return default.plugins()


def load(name_or_path, kind="game"):
    return default.load(name_or_path, kind)


def perft(component, depth, player="left"):
    return default.perft(component, depth, player)

for _cls in (SumgameError, LimitReached, PluginCrash):
    _cls.__module__ = "sumgame"
del _cls
