"""The README's way in: `make install` puts the package where the system's Python finds
it under PREFIX, and it works from there with nothing of the source tree; and the
package alone installs with pip, offline."""
import importlib.util
import os
import subprocess
import sys

import pytest

CHECK = """
import sumgame, sumgame._bridge as b
assert b.lib().path.startswith(%r), b.lib().path
a = sumgame.analyze("amazons:x.xx/.xBx/W.xx/xxxx")
print(a.mean, a.temperature)
"""


def site_of(prefix):
    for dirpath, dirnames, _ in os.walk(prefix):
        if os.path.basename(dirpath) in ("site-packages", "dist-packages") and \
                "sumgame" in dirnames:
            return dirpath
    return None


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("SUMGAME_BUILD", "SUMGAME_PY_LIB", "SUMGAME_PLUGIN_PATH",
                        "PYTHONPATH")}
    env.update(extra)
    return env


def test_make_install(tmp_path, root, build):
    prefix = str(tmp_path / "prefix")
    r = subprocess.run(["make", "-s", "--no-print-directory", "install", "PREFIX=" + prefix,
                        "BUILD=" + build, "PYTHON=" + sys.executable],
                       cwd=root, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    site = site_of(prefix)
    assert site, "no package under " + prefix
    out = subprocess.run([sys.executable, "-c", CHECK % (prefix + "/lib/sumgame/")],
                         cwd=str(tmp_path), env=clean_env(PYTHONPATH=site),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["3/4", "5/4"]


def test_pip_install_offline(tmp_path, root, build):
    if not (importlib.util.find_spec("pip") and importlib.util.find_spec("setuptools")):
        pytest.skip("pip or setuptools missing for this interpreter")
    target = str(tmp_path / "target")
    src = tmp_path / "src"
    # A copy, so that the build leaves nothing in the source tree.
    subprocess.run(["cp", "-r", os.path.join(root, "python"), str(src)], check=True)
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-index",
                        "--no-build-isolation", "--target", target, str(src)],
                       cwd=str(tmp_path), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    lib = os.path.join(build, "libsumgame-py.so")
    assert not os.path.exists(os.path.join(target, "sumgame", "tests"))
    out = subprocess.run([sys.executable, "-c", CHECK % build],
                         cwd=str(tmp_path), env=clean_env(PYTHONPATH=target, SUMGAME_PY_LIB=lib),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["3/4", "5/4"]
