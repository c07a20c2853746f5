# sumgame: `make run` builds and plays conf/default.ini; `make test` builds and runs the
# test suite, then a short run of the libFuzzer targets and the suite again under
# AddressSanitizer + UBSan; `make fuzz` runs the libFuzzer targets for longer
# (docs/hardening.md). Missing Debian packages are installed first (with sudo
# when not root).

CC      ?= cc
BUILD   ?= build
PREFIX  ?= /usr/local
SANITIZE ?= 0

# Debian packages, installed by `make` when missing (with sudo when not root): what the
# build needs, and what only the tests need (the SVG check renders in headless Chromium;
# the suite is also compiled with clang).
BUILD_PACKAGES := libinih-dev libcmocka-dev libjansson-dev pkg-config
TEST_PACKAGES  := chromium fonts-liberation fonts-dejavu-core clang libpng-dev libopenmpi-dev openmpi-bin \
                  python3 python3-cffi python3-pytest
# The fuzz build (`make fuzz`, and its smoke run in `make test`): clang with its libFuzzer
# runtime.
FUZZ_PACKAGES  := clang libclang-rt-dev

# `match --mpi` is built when OpenMPI is found (pkg-config ompi-c, else mpicc); `make
# MPI=0` builds without it. Its headers are system headers: their warnings are not ours.
ifeq ($(origin MPI),undefined)
MPI := $(shell if pkg-config --exists ompi-c 2>/dev/null || command -v mpicc >/dev/null 2>&1; then echo 1; else echo 0; fi)
endif
ifeq ($(MPI),1)
MPI_CFLAGS := -DSG_HAVE_MPI $(patsubst -I%,-isystem %,$(shell pkg-config --cflags ompi-c 2>/dev/null || mpicc --showme:compile))
MPI_LIBS   := $(shell pkg-config --libs ompi-c 2>/dev/null || mpicc --showme:link)
endif

WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CSTD    := -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
OPT     ?= -O2 -g
# `make V=1` shows every command.
Q := $(if $(filter 1,$(V)),,@)
ifeq ($(SANITIZE),1)
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
endif
# FUZZ=1 (set by `make fuzz`, with CC=clang): the library, the plugins and the fuzz
# targets all carry the fuzzer's coverage and the sanitizers.
ifeq ($(FUZZ),1)
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
endif
ABS_BUILD := $(abspath $(BUILD))
CFLAGS_ALL = $(CSTD) $(WARN) $(OPT) -pthread -fPIC -Iinclude -Iframework $(CFLAGS)
LDFLAGS_ALL = $(OPT) -pthread $(LDFLAGS)

LIB_SRC   := $(filter-out framework/host/%,$(wildcard framework/*/*.c))
# The host is an archive of its parts (framework/host/GROUP/*.c) that the tests link
# too, and a thin main.c.
HOST_SRC  := $(wildcard framework/host/*.c framework/host/*/*.c)
# A plugin is a folder with C sources in it.
GAMES     := $(notdir $(patsubst %/,%,$(sort $(dir $(wildcard plugins/*/*.c)))))
STRATS    := $(notdir $(patsubst %/,%,$(sort $(dir $(wildcard strategies/*/*.c)))))
UNIT_SRC  := $(wildcard tests/unit/test_*.c)
TPLUG_SRC := $(wildcard tests/plugins/*.c)
BENCH_SRC := $(wildcard bench/*.c)

# The library's own version, apart from the plugin ABI's (docs/abi.md): the SONAME's
# number changes only when a symbol of the public levels goes or changes incompatibly.
SO_MAJOR := 1
LIB   := $(BUILD)/libsumgame.so
LIB_SONAME := libsumgame.so.$(SO_MAJOR)
HOST_LIB := $(BUILD)/libsumgame-host.a
# The Python package's bridge (python/, docs/python.md): the host's commands as a library.
PY_LIB := $(BUILD)/libsumgame-py.so
HOST  := $(BUILD)/sumgame
GAME_SO  := $(GAMES:%=$(BUILD)/games/%.so)
STRAT_SO := $(STRATS:%=$(BUILD)/strategies/%.so)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
TPLUG_SO := $(TPLUG_SRC:tests/plugins/%.c=$(BUILD)/tests/plugins/%.so)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

.PHONY: all deps test-deps fuzz-deps run test check bench fuzz fuzz-build install clean
all: deps $(LIB) $(HOST) $(GAME_SO) $(STRAT_SO) $(PY_LIB)

# Installs the packages named in $(1) when the shell test $(2) fails.
define install_if_missing
	@if ! { $(2); } >/dev/null 2>&1; then \
	  echo "sumgame: installing Debian packages: $(1)"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(1) >/dev/null \
	    || { echo "sumgame: could not install $(1)" >&2; exit 1; }; \
	fi
endef

deps:
	$(call install_if_missing,$(BUILD_PACKAGES),pkg-config --exists inih cmocka jansson && test -f /usr/include/cmocka.h)

test-deps: deps
	$(call install_if_missing,$(TEST_PACKAGES),command -v chromium && command -v clang && test -d /usr/share/fonts/truetype/liberation && test -f /usr/include/png.h && command -v mpirun && pkg-config --exists ompi-c && $(PYTHON) -c 'import cffi; import pytest')

fuzz-deps:
	$(call install_if_missing,$(FUZZ_PACKAGES),printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' | clang -fsanitize=fuzzer -x c - -o /dev/null)

# Order-only on deps, so that `make -j` installs missing packages before compiling.
$(BUILD)/obj/%.o: %.c | deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CFLAGS_ALL) $(VIS_CFLAGS) $(EXTRA_CFLAGS) -DSG_BUILD_DIR='"$(ABS_BUILD)"' -DSG_PREFIX='"$(PREFIX)"' -MMD -MP -c $< -o $@

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
HOST_OBJ := $(HOST_SRC:%.c=$(BUILD)/obj/%.o)
HOST_MAIN := $(BUILD)/obj/framework/host/main.o
# The private helpers the host shares with the library (hidden in it) are linked into the
# archive too.
HOST_SHARED_OBJ := $(BUILD)/obj/framework/core/escape.o

# Only what the installed headers declare between SG_API_BEGIN and SG_API_END leaves the
# library (sumgame/api.h). No exported function is interposed (docs/abi.md), so calls
# inside the library may bind to it directly and be inlined.
$(LIB_OBJ): VIS_CFLAGS := -fvisibility=hidden -fno-semantic-interposition

# The real file carries the SONAME; libsumgame.so is the name plugins link against (and
# the one plugins built before the SONAME look for).
$(BUILD)/$(LIB_SONAME): $(LIB_OBJ)
	@echo "  LD      $@"
	$(Q)$(CC) -shared $(LDFLAGS_ALL) -Wl,-soname,$(LIB_SONAME) -o $@ $^ -ldl -lm

$(LIB): $(BUILD)/$(LIB_SONAME)
	$(Q)ln -sf $(LIB_SONAME) $@

$(HOST_LIB): $(filter-out $(HOST_MAIN),$(HOST_OBJ)) $(HOST_SHARED_OBJ)
	@echo "  AR      $@"
	$(Q)rm -f $@ && ar rcs $@ $^

HOST_LIBS = -L$(BUILD) -lsumgame-host -lsumgame $$(pkg-config --libs jansson inih) -lm $(MPI_LIBS)

$(BUILD)/obj/python/bridge/sgpy.o: EXTRA_CFLAGS := -DSG_LIB_SONAME='"$(LIB_SONAME)"'
$(PY_LIB): $(BUILD)/obj/python/bridge/sgpy.o $(HOST_LIB) $(LIB) $(BUILD)/mpi-$(MPI).stamp
	@echo "  LD      $@"
	$(Q)$(CC) -shared $(LDFLAGS_ALL) -o $@ $< $(HOST_LIBS) -Wl,--disable-new-dtags -Wl,-rpath,'$$ORIGIN' -Wl,-rpath,'$$ORIGIN/..'

$(HOST): $(HOST_MAIN) $(HOST_LIB) $(LIB) $(BUILD)/mpi-$(MPI).stamp
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(HOST_MAIN) $(HOST_LIBS) -Wl,--disable-new-dtags -Wl,-rpath,'$$ORIGIN' -Wl,-rpath,'$$ORIGIN/../lib'

# Whether the host has MPI: a stamp, so that installing or removing OpenMPI rebuilds it.
$(BUILD)/obj/framework/host/match/match_mpi.o: EXTRA_CFLAGS := $(MPI_CFLAGS)
$(BUILD)/obj/framework/host/match/match_mpi.o: $(BUILD)/mpi-$(MPI).stamp
$(BUILD)/mpi-$(MPI).stamp:
	@mkdir -p $(BUILD) && rm -f $(BUILD)/mpi-*.stamp && touch $@

.SECONDARY:

# One link rule per plugin folder: KIND-DIR, NAME.
define plugin_rule
$(BUILD)/$(1)/$(2).so: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard $(3)/$(2)/*.c)) $(LIB)
	@mkdir -p $$(dir $$@)
	@echo "  LD      $$@"
	$$(Q)$$(CC) -shared $$(LDFLAGS_ALL) -o $$@ $$(filter %.o,$$^) -L$(BUILD) -lsumgame -Wl,-rpath,'$$$$ORIGIN/..' -Wl,-rpath,'$$$$ORIGIN/../..'
endef
$(foreach g,$(GAMES),$(eval $(call plugin_rule,games,$(g),plugins)))
$(foreach s,$(STRATS),$(eval $(call plugin_rule,strategies,$(s),strategies)))

# Test plugins deliberately break the ABI; they link nothing.
$(BUILD)/tests/plugins/%.so: $(BUILD)/obj/tests/plugins/%.o
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) -shared $(LDFLAGS_ALL) -o $@ $<

# Tests call the host's engines through its archive.
$(BUILD)/tests/test_%: $(BUILD)/obj/tests/unit/test_%.o $(BUILD)/obj/tests/unit/support.o $(HOST_LIB) $(LIB)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(filter %.o,$^) $(HOST_LIBS) -Wl,-rpath,'$$ORIGIN/..' -lcmocka -ldl $(TEST_LIBS)

# The report's test reads Chromium's screenshot (PNG).
$(BUILD)/tests/test_report: TEST_LIBS := -lpng

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(LIB)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $< -L$(BUILD) -lsumgame -Wl,-rpath,'$$ORIGIN/..' -lm

run: all
	$(HOST) match conf/default.ini

# libFuzzer targets, tests/fuzz/fuzz_NAME.c -> build/fuzz/fuzzers/NAME, each with its seed
# corpus in tests/fuzz/corpus/NAME. `make fuzz` builds them (and the library and game
# plugins they load) with clang in build/fuzz and runs each for FUZZ_SECONDS, FUZZ_JOBS
# targets at a time; it fails when one crashes, leaving the input in
# build/fuzz/crashes/NAME/. `make test` runs the same build for FUZZ_SMOKE_SECONDS in all.
FUZZ_BUILD   ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_SMOKE_SECONDS ?= 24
FUZZ_TARGETS ?= $(filter-out support,$(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_BIN := $(FUZZ_TARGETS:%=$(BUILD)/fuzzers/%)

fuzz: fuzz-deps
	$(MAKE) --no-print-directory fuzz-build BUILD=$(FUZZ_BUILD) CC=clang FUZZ=1
	@BUILD=$(FUZZ_BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) sh tests/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-build: all $(FUZZ_BIN)

$(BUILD)/fuzzers/%: $(BUILD)/obj/tests/fuzz/fuzz_%.o $(BUILD)/obj/tests/fuzz/fuzz_support.o \
		$(HOST_LIB) $(LIB)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(LDFLAGS_ALL) -fsanitize=fuzzer -o $@ $(filter %.o,$^) $(HOST_LIBS) -Wl,-rpath,'$$ORIGIN/..' -ldl

# The suite; then the fuzz build, which is also the suite's warning-free clang build: its
# game plugins must load and pass check-plugin (a plugin can build and still not load),
# and every libFuzzer target runs for a share of FUZZ_SMOKE_SECONDS, two at a time (a
# crash fails the test and names the input it left); then the suite built with
# AddressSanitizer + UBSan in build/asan.
CLANG_SMOKE_GAMES := amazons rcg domineering go clobber
# The three builds use every core unless make was given -j (or JOBS=1); the tests run
# on every core too, at most 4 at a time (TEST_JOBS=1: one at a time).
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
SUBJOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
test: test-deps fuzz-deps
	$(MAKE) --no-print-directory $(SUBJOBS) check
	$(MAKE) --no-print-directory $(SUBJOBS) fuzz-build BUILD=$(FUZZ_BUILD) CC=clang FUZZ=1
	@for g in $(CLANG_SMOKE_GAMES); do $(FUZZ_BUILD)/sumgame check-plugin $$g --plugin-path $(FUZZ_BUILD)/games --count 5 >/dev/null || \
	    { echo "sumgame: clang build: check-plugin $$g failed"; exit 1; }; done && echo "clang build: $(CLANG_SMOKE_GAMES) load and pass check-plugin"
	@BUILD=$(FUZZ_BUILD) FUZZ_TOTAL_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_JOBS=2 FUZZ_FRESH=1 sh tests/fuzz/run.sh $(FUZZ_TARGETS)
	$(MAKE) --no-print-directory $(SUBJOBS) check BUILD=build/asan SANITIZE=1

check: all $(UNIT_BIN) $(TPLUG_SO)
	@BUILD=$(BUILD) SANITIZE=$(SANITIZE) sh tests/run.sh

bench: all $(BENCH_BIN)
	@BUILD=$(BUILD) sh bench/run.sh

# The Python package goes where the system's Python looks under PREFIX (Debian:
# PREFIX/lib/python3.X/dist-packages), else in PREFIX's site-packages; none without Python.
PYTHON ?= $(firstword $(wildcard /usr/bin/python3) python3)
PY_SITE = $(shell $(PYTHON) -c 'import sys, sysconfig; p = sys.argv[1].rstrip("/"); \
  c = [d for d in sys.path if d.startswith(p + "/lib/python") and d.endswith("-packages")]; \
  print(c[0] if c else sysconfig.get_path("purelib", "posix_prefix", {"base": p, "platbase": p}))' \
  '$(PREFIX)' 2>/dev/null)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/sumgame/games \
	  $(DESTDIR)$(PREFIX)/lib/sumgame/strategies $(DESTDIR)$(PREFIX)/include/sumgame \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(HOST) $(DESTDIR)$(PREFIX)/bin/sumgame
	install -m 755 $(BUILD)/$(LIB_SONAME) $(DESTDIR)$(PREFIX)/lib/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(PREFIX)/lib/libsumgame.so
	install -m 755 $(GAME_SO) $(DESTDIR)$(PREFIX)/lib/sumgame/games/
	install -m 755 $(STRAT_SO) $(DESTDIR)$(PREFIX)/lib/sumgame/strategies/
	install -m 644 include/sumgame/*.h $(DESTDIR)$(PREFIX)/include/sumgame/
	sed 's|@PREFIX@|$(PREFIX)|' sumgame.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/sumgame.pc
	install -m 755 $(PY_LIB) $(DESTDIR)$(PREFIX)/lib/sumgame/
	@if [ -n "$(PY_SITE)" ]; then \
	  echo "install python/sumgame -> $(PY_SITE)/sumgame"; \
	  install -d $(DESTDIR)$(PY_SITE)/sumgame && \
	  install -m 644 python/sumgame/*.py $(DESTDIR)$(PY_SITE)/sumgame/ && \
	  printf '"""Written by make install."""\nLIBDIR = "%s"\n' '$(PREFIX)/lib/sumgame' \
	    > $(DESTDIR)$(PY_SITE)/sumgame/_install.py; \
	fi

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
