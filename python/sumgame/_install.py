"""Where `make install` put libsumgame-py.so (None in the source tree; the install
rewrites this file)."""
LIBDIR = None
