"""What the package's calls return: plain Python objects over libsumgame's JSON, with
exact values as fractions.Fraction and rich display in notebooks."""

import re
from fractions import Fraction

_VALUE = re.compile(r"^-?[0-9]+(/[0-9]+)?$")


def to_value(text):
    """libsumgame's exact value text ("3/4", "-5/8", "2") as a Fraction; None stays None."""
    if text is None:
        return None
    if isinstance(text, Fraction):
        return text
    if not isinstance(text, str) or not _VALUE.match(text):
        raise ValueError("not an exact value: %r" % (text,))
    return Fraction(text)


def value_text(v):
    """A Fraction as libsumgame writes it: "3/4", "-5/8", "2"."""
    v = Fraction(v)
    return str(v.numerator) if v.denominator == 1 else "%d/%d" % (v.numerator, v.denominator)


class _Record:
    """Attributes over a JSON object; values under VALUES become Fractions. The object
    itself is kept in ``json``."""

    VALUES = ()

    def __init__(self, d):
        self.json = d
        for k, v in d.items():
            if k in self.VALUES and isinstance(v, str) and _VALUE.match(v):
                v = Fraction(v)
            setattr(self, k, v)

    def __getitem__(self, key):
        return getattr(self, key)

    def get(self, key, default=None):
        return getattr(self, key, default)

    def keys(self):
        return self.json.keys()

    def _fields(self):
        return ", ".join("%s=%r" % (k, getattr(self, k)) for k in self.json
                         if not isinstance(getattr(self, k), (list, dict)))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, self._fields())


class CanonicalForm:
    """A canonical form in CGSuite notation ("{2|±1,-1/2}", "^*", "3/4")."""

    def __init__(self, text):
        self.text = text

    @property
    def is_number(self):
        return bool(_VALUE.match(self.text))

    @property
    def value(self):
        """The number this form is, as a Fraction (None when it is not a number)."""
        return Fraction(self.text) if self.is_number else None

    def __str__(self):
        return self.text

    def __repr__(self):
        return "CanonicalForm(%r)" % self.text

    def __eq__(self, other):
        if isinstance(other, CanonicalForm):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self):
        return hash(self.text)

    def latex(self):
        """The form in LaTeX: braces, \\mid, \\uparrow, \\downarrow, \\ast, \\pm."""
        out = []
        for ch in self.text:
            out.append({
                "{": r"\{", "}": r"\}", "|": r"\mid ", "^": r"{\uparrow}",
                "v": r"{\downarrow}", "*": r"{\ast}", "±": r"\pm ", ",": r",\,",
                "⇑": r"{\Uparrow}", "⇓": r"{\Downarrow}",
            }.get(ch, ch))
        return "".join(out)

    def _repr_latex_(self):
        return "$" + self.latex() + "$"


class Analysis(_Record):
    """`analyze`'s answer: method, mean, temperature, pseudo_left, pseudo_right,
    left_stop, right_stop (Fractions), exact, best_left, best_right, nodes, seconds, and
    the method's own keys; canonical (a CanonicalForm) when asked for; components (a
    list of Analysis) for a sum."""

    VALUES = ("mean", "temperature", "pseudo_left", "pseudo_right", "left_stop",
              "right_stop", "delta", "tmax")

    def __init__(self, d):
        super().__init__(d)
        if "canonical" in d and d["canonical"] is not None:
            self.canonical = CanonicalForm(d["canonical"])
        if "components" in d:
            self.components = [Analysis(c) for c in d["components"]]


class Solution(_Record):
    """`solve`'s answer: left_first and right_first (the stops, Fractions, those asked
    for), left_first_winner, right_first_winner ("left", "right" or "draw"),
    best_move_left_first, best_move_right_first, exact, reduced_components, nodes."""

    VALUES = ("left_first", "right_first")

    def __init__(self, d):
        d = dict(d)
        d.setdefault("left_first", None)
        d.setdefault("right_first", None)
        super().__init__(d)


class Component:
    """One component, GAME:POSITION."""

    def __init__(self, game, position):
        self.game = game
        self.position = position

    def __str__(self):
        return "%s:%s" % (self.game, self.position)

    def __repr__(self):
        return "Component(%r)" % str(self)

    def __eq__(self, other):
        return str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __add__(self, other):
        return Sum([self]) + other


class Sum:
    """A sum of components (and the settled integers already frozen out of it). str()
    gives the command line's notation, so a Sum goes wherever a sum's text does."""

    def __init__(self, components, frozen=Fraction(0)):
        self.components = list(components)
        self.frozen = Fraction(frozen)

    def __str__(self):
        parts = [str(c) for c in self.components]
        return " + ".join(parts)

    def __repr__(self):
        extra = "" if self.frozen == 0 else ", frozen=%s" % value_text(self.frozen)
        return "Sum(%r%s)" % (str(self), extra)

    def __len__(self):
        return len(self.components)

    def __iter__(self):
        return iter(self.components)

    def __add__(self, other):
        if isinstance(other, Sum):
            return Sum(self.components + other.components, self.frozen + other.frozen)
        if isinstance(other, Component):
            return Sum(self.components + [other], self.frozen)
        if isinstance(other, str):
            game, _, pos = other.partition(":")
            return Sum(self.components + [Component(game.strip(), pos.strip())], self.frozen)
        return NotImplemented


class Plugin(_Record):
    """A plugin as `sumgame list --json` describes it: name, version, description,
    path, params (a list of {key, default, help}); kind is "game" or "strategy"."""

    def __init__(self, d, kind):
        super().__init__(d)
        self.kind = kind

    def __repr__(self):
        return "Plugin(%r, %s, version %r, %r)" % (self.name, self.kind,
                                                    self.get("version"), self.get("path"))


class Thermograph:
    """An exact thermograph: mean, temperature, pseudo_left, pseudo_right, left_stop,
    right_stop (Fractions); left_wall and right_wall as lists of breakpoints
    (t, x, slope) from t = -1, each wall x(t) = x + slope * (t - t_i) until the next
    breakpoint (mast included); canonical (its CanonicalForm) and svg (the picture
    `analyze --svg` draws), shown inline by notebooks."""

    def __init__(self, d):
        self.json = d
        self.position = d.get("position")
        for k in ("mean", "temperature", "pseudo_left", "pseudo_right", "left_stop",
                  "right_stop"):
            setattr(self, k, Fraction(d[k]))
        self.left_wall = [(Fraction(t), Fraction(x), int(s)) for t, x, s in d["left_wall"]]
        self.right_wall = [(Fraction(t), Fraction(x), int(s)) for t, x, s in d["right_wall"]]
        self.canonical = CanonicalForm(d["canonical"]) if d.get("canonical") else None
        self.svg = d.get("svg")

    @staticmethod
    def _eval(wall, t):
        t = Fraction(t)
        if t < wall[0][0]:
            raise ValueError("a thermograph starts at t = -1")
        value = None
        for ti, xi, si in wall:
            if ti <= t:
                value = xi + si * (t - ti)
            else:
                break
        return value

    def left(self, t):
        """Left's wall at temperature t (exact)."""
        return self._eval(self.left_wall, t)

    def right(self, t):
        """Right's wall at temperature t (exact)."""
        return self._eval(self.right_wall, t)

    def save_svg(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)

    def _repr_svg_(self):
        return self.svg

    def __repr__(self):
        return "Thermograph(%s: mean %s, temperature %s)" % (
            self.position, value_text(self.mean), value_text(self.temperature))


class Report:
    """`sumgame report`'s output: markdown, csv, html (texts) and plots (the SVG
    pictures of the HTML page); a notebook shows the first plot."""

    _SVG = re.compile(r"<svg\b.*?</svg>", re.S)

    def __init__(self, files):
        self.files = files
        self.markdown = files.get("report.md", "")
        self.csv = files.get("report.csv", "")
        self.html = files.get("report.html", "")
        self.plots = self._SVG.findall(self.html)

    def _repr_svg_(self):
        return self.plots[0] if self.plots else None

    def _repr_markdown_(self):
        return self.markdown

    def __str__(self):
        return self.markdown

    def __repr__(self):
        return "Report(%d plots)" % len(self.plots)


class MatchResult(_Record):
    """`match`'s answer: the summary (left, right, games, mean, stddev, win_rate, wins,
    draws, losses, forfeits, seconds: the command's --json object), and records, every
    game's record as a dict (final_score and score as Fractions). report() makes the
    report of these games; a notebook shows its plot."""

    def __init__(self, summary, records, path, session):
        super().__init__(summary)
        self.summary = summary
        self.records = []
        for r in records:
            r = dict(r)
            for k in ("final_score", "score"):
                if isinstance(r.get(k), str) and _VALUE.match(r[k]):
                    r[k] = Fraction(r[k])
            self.records.append(r)
        self._raw = records
        self.path = path
        self._session = session
        self._report = None

    def report(self):
        if self._report is None:
            self._report = self._session.report(self._raw)
        return self._report

    def _repr_svg_(self):
        return self.report()._repr_svg_()

    def __repr__(self):
        s = self.summary
        return "MatchResult(%s vs %s: %s games, mean %s, win rate %s)" % (
            s.get("left"), s.get("right"), s.get("games"), s.get("mean"), s.get("win_rate"))


__all__ = ["to_value", "value_text", "CanonicalForm", "Analysis", "Solution", "Component",
           "Sum", "Plugin", "Thermograph", "Report", "MatchResult"]
