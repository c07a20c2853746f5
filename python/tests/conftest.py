"""Shared fixtures: the package from this source tree, the build tree it belongs to
(SUMGAME_BUILD, as tests/run.sh exports it, else ../../build), and the host binary
whose --json output the tests hold the package to."""
import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
BUILD = os.path.abspath(os.environ.get("SUMGAME_BUILD") or os.path.join(ROOT, "build"))
os.environ["SUMGAME_BUILD"] = BUILD
os.environ.pop("SUMGAME_PLUGIN_PATH", None)


class Host:
    """The sumgame binary of the same build: the independent side of the comparisons."""

    binary = os.path.join(BUILD, "sumgame")

    def run(self, *args):
        return subprocess.run([self.binary] + [str(a) for a in args], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)

    def json(self, *args):
        r = self.run(*args, "--json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)


@pytest.fixture(scope="session")
def host():
    if not os.access(Host.binary, os.X_OK):
        pytest.fail("no %s: build first (make)" % Host.binary)
    return Host()


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def build():
    return BUILD
