"""The one way the package reaches libsumgame: libsumgame-py.so, loaded with cffi in ABI
mode (no compiler at import time), or ctypes when cffi is missing.

Every call forks a child of the interpreter that runs the host's own command code
in-process (``host_main``, the code of ``sumgame COMMAND``; no program is executed) with
its output on temporary files, and never returns to Python. So the interpreter never
loads a game plugin: a plugin that crashes kills the child, whose fault frame has named
the plugin on its stderr, and the interpreter raises :class:`PluginCrash`; a limit
(``time``, ``nodes``, ``memory``) is the command's own meter.
"""

import os
import signal
import tempfile

from . import _install

LIB_NAME = "libsumgame-py.so"


class SumgameError(Exception):
    """A failure reported by libsumgame: ``message`` is its one line
    (``sumgame: solve: ...``), ``status`` the command's exit status."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.message = message
        self.status = status


class LimitReached(SumgameError):
    """A ``time``, ``nodes`` or ``memory`` limit stopped the work (exit status 3)."""


class PluginCrash(SumgameError):
    """A plugin crashed (SIGSEGV, ...) inside the call; ``plugin`` names it when the
    fault frame knew it, ``function`` is the ABI function it crashed in."""

    def __init__(self, message, status=1, plugin=None, function=None):
        super().__init__(message, status)
        self.plugin = plugin
        self.function = function


def _candidates():
    env = os.environ.get("SUMGAME_PY_LIB")
    if env:
        yield env
    build = os.environ.get("SUMGAME_BUILD")
    if build:
        yield os.path.join(build, LIB_NAME)
    if _install.LIBDIR:
        yield os.path.join(_install.LIBDIR, LIB_NAME)
    here = os.path.dirname(os.path.abspath(__file__))
    # The source tree: python/sumgame -> build/
    yield os.path.join(here, "..", "..", "build", LIB_NAME)
    yield os.path.join("/usr/local/lib/sumgame", LIB_NAME)


def _find():
    tried = []
    for c in _candidates():
        c = os.path.normpath(c)
        if os.path.isfile(c):
            return c
        tried.append(c)
    raise SumgameError("sumgame: python: cannot find %s (looked in %s; build it with "
                       "make, or set SUMGAME_PY_LIB)" % (LIB_NAME, ", ".join(tried)))


class _Lib:
    def __init__(self):
        self.path = _find()
        self.dir = os.path.dirname(self.path)
        try:
            import cffi
            self.ffi = cffi.FFI()
            self.ffi.cdef("int sgpy_spawn(int argc, char **argv, int out_fd, int err_fd,"
                          " const char *plugin_dir); int sgpy_abi_version(void);")
            self.lib = self.ffi.dlopen(self.path)
            self.kind = "cffi"
        except ImportError:
            import ctypes
            self.ffi = None
            self.lib = ctypes.CDLL(self.path)
            self.lib.sgpy_spawn.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p),
                                            ctypes.c_int, ctypes.c_int, ctypes.c_char_p]
            self.lib.sgpy_spawn.restype = ctypes.c_int
            self.kind = "ctypes"
        if self.lib.sgpy_abi_version() != 1:
            raise SumgameError("sumgame: python: %s speaks another bridge version" % self.path)

    def spawn(self, argv, out_fd, err_fd):
        args = [a.encode() if isinstance(a, str) else a for a in argv]
        plugin_dir = self.dir.encode()
        if self.ffi is not None:
            keep = [self.ffi.new("char[]", a) for a in args]
            c_argv = self.ffi.new("char *[]", keep + [self.ffi.NULL])
            return self.lib.sgpy_spawn(len(args), c_argv, out_fd, err_fd, plugin_dir)
        import ctypes
        c_argv = (ctypes.c_char_p * (len(args) + 1))(*args, None)
        return self.lib.sgpy_spawn(len(args), c_argv, out_fd, err_fd, plugin_dir)


_lib = None


def lib():
    global _lib
    if _lib is None:
        _lib = _Lib()
    return _lib


def _error_line(err_text):
    lines = [l for l in err_text.splitlines() if l.startswith("sumgame: ")]
    return lines[-1] if lines else (err_text.strip().splitlines() or [""])[-1]


def _crash_fields(line):
    # "sumgame: COMMAND: game plugin NAME crashed in FN() (SIGSEGV)"
    marker = " plugin "
    if " crashed " not in line or marker not in line:
        return None, None
    rest = line.split(marker, 1)[1]
    name = rest.split(" ", 1)[0]
    fn = None
    if " crashed in " in rest:
        fn = rest.split(" crashed in ", 1)[1].split("(", 1)[0].strip() or None
    return name, fn


def run(args):
    """Runs the host command args (["solve", SUM, "--json"]) in a forked child; returns
    its stdout as text, or raises SumgameError with the command's one-line error."""
    L = lib()
    argv = ["sumgame"] + [str(a) for a in args]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = L.spawn(argv, out.fileno(), err.fileno())
        if pid < 0:
            raise SumgameError("sumgame: python: fork failed: %s" % os.strerror(
                L.ffi.errno if L.ffi is not None else 0))
        try:
            _, status = os.waitpid(pid, 0)
        except BaseException:
            # KeyboardInterrupt in a notebook: the child's work is not wanted any more.
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
            raise
        out.seek(0)
        err.seek(0)
        out_text = out.read().decode("utf-8", "replace")
        err_text = err.read().decode("utf-8", "replace")
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "signal %d" % sig
        line = _error_line(err_text)
        msg = line if " crashed " in line else \
            "sumgame: %s: killed by %s" % (args[0] if args else "python", name)
        plugin, fn = _crash_fields(msg)
        raise PluginCrash(msg, -sig, plugin, fn)
    rc = os.WEXITSTATUS(status)
    if rc != 0:
        line = _error_line(err_text) or "sumgame: %s: failed (exit status %d)" % (args[0], rc)
        plugin, fn = _crash_fields(line)
        if plugin:
            raise PluginCrash(line, rc, plugin, fn)
        if rc == 3:
            raise LimitReached(line, rc)
        raise SumgameError(line, rc)
    return out_text
