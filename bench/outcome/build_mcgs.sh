#!/usr/bin/env bash
# Build MCGS v1.7 outside our tree, without its database, for bench/outcome/run.sh.
#
#   bench/outcome/build_mcgs.sh [DIR]        (default DIR: /work/mcgs)
#
# Environment: MCGS_REPO (where to clone from) [the local mirror if present, else
# https://github.com/ualberta-mueller-group/MCGS.git], MCGS_REV [v1.7], NICE [19],
# JOBS [1], BUILD [1; 0 stops after configuring].
#
# What it changes in the MCGS checkout, and why (nothing of MCGS is copied into ours):
# - libs/cgt_lib (a submodule, not available here) is replaced by small stand-in headers
#   written below: ThValue (a rational), ThPoint, ThScaffold, ThGraph, SgBWArray,
#   SgBlackWhite. Building a thermograph aborts with a message. MCGS needs thermographs
#   only to generate a database, to use one, and for {thermograph} test commands; none
#   of these runs here (we always pass --no-use-db and never use thermograph tests).
# - CMakeLists.txt: `cmake_minimum_required(VERSION 4.2)` lowered to 3.25 (Debian 12's
#   cmake), and `find_package(Python3 OPTIONAL ...)` (not valid in cmake 3.25) without
#   OPTIONAL.
# - src/serializer.h: two `static_assert(false)` in discarded `if constexpr` branches,
#   which GCC 12 rejects, made dependent (`static_assert(sizeof(T) == 0)`); no effect on
#   the code generated.
# Build: DEBUG=0 (-O3 -march=native -mtune=native -DNDEBUG, MCGS's release flags),
# ONLY_EMIT=MCGS (only the solver, not its unit tests). The executable is DIR/MCGS.
set -euo pipefail
dir=${1:-/work/mcgs}
mirror=/work/.mirror/ualberta-mueller-group+MCGS/repo
if [ -z "${MCGS_REPO:-}" ]; then
    if [ -d "$mirror" ]; then MCGS_REPO=$mirror; else MCGS_REPO=https://github.com/ualberta-mueller-group/MCGS.git; fi
fi
rev=${MCGS_REV:-v1.7}
if [ ! -d "$dir/.git" ]; then
    # Two large experiment files may be missing from a mirror; the checkout of the rest
    # still succeeds, so the error is tolerated and the tree is restored below.
    git clone "$MCGS_REPO" "$dir" || true
    git -C "$dir" reset -q || true
fi
git -C "$dir" checkout -q "$rev" -- CMakeLists.txt src input 2>/dev/null || git -C "$dir" checkout -q "$rev"
echo "MCGS at $(git -C "$dir" rev-parse HEAD) ($rev)"

stub=$dir/libs/cgt_lib
if [ ! -e "$stub/therm/ThGraph.h" ] || grep -q 'Stand-in' "$stub/therm/ThGraph.h"; then
mkdir -p "$stub/sg" "$stub/therm"
cat > "$stub/sg/SgBlackWhite.h" <<'STUB'
// Stand-in for cgt_lib's SgBlackWhite.h (the cgt_lib submodule is not available here).
// Written for the sumgame side-by-side harness; not cgt_lib code.
#pragma once
typedef int SgBlackWhite;
enum { SG_BLACK = 0, SG_WHITE = 1 };
STUB
cat > "$stub/sg/SgBWArray.h" <<'STUB'
// Stand-in for cgt_lib's SgBWArray.h.
#pragma once
#include "SgBlackWhite.h"
template <class T> class SgBWArray {
public:
    T& operator[](SgBlackWhite c) { return a[c]; }
    const T& operator[](SgBlackWhite c) const { return a[c]; }
private:
    T a[2];
};
STUB
cat > "$stub/therm/ThStubAbort.h" <<'STUB'
// Stand-in: thermograph computation is not available without cgt_lib.
#pragma once
#include <cstdio>
#include <cstdlib>
[[noreturn]] inline void th_stub_abort(const char* what)
{
    std::fprintf(stderr, "MCGS built with a cgt_lib stand-in: %s is unavailable\n", what);
    std::abort();
}
STUB
cat > "$stub/therm/ThValue.h" <<'STUB'
// Stand-in for cgt_lib's ThValue.h: an exact rational p/q (q > 0).
#pragma once
#include <ostream>
#include <cstdlib>
class ThValue {
public:
    ThValue() : p(0), q(1) {}
    ThValue(int pp) : p(pp), q(1) {}
    ThValue(int pp, int qq) : p(pp), q(qq) { norm(); }
    int P() const { return p; }
    int Q() const { return q; }
    bool IsZero() const { return p == 0; }
    bool IsPositive() const { return p > 0; }
    bool IsNegative() const { return p < 0; }
    ThValue operator+(const ThValue& o) const { return ThValue((long long)p * o.q + (long long)o.p * q, (long long)q * o.q); }
    ThValue operator-(const ThValue& o) const { return ThValue((long long)p * o.q - (long long)o.p * q, (long long)q * o.q); }
    ThValue operator-() const { return ThValue(-p, q); }
    bool operator<(const ThValue& o) const { return (long long)p * o.q < (long long)o.p * q; }
    bool operator>(const ThValue& o) const { return o < *this; }
    bool operator<=(const ThValue& o) const { return !(o < *this); }
    bool operator>=(const ThValue& o) const { return !(*this < o); }
    bool operator==(const ThValue& o) const { return p == o.p && q == o.q; }
    bool operator!=(const ThValue& o) const { return !(*this == o); }
private:
    ThValue(long long pp, long long qq) : p((int)pp), q((int)qq) { norm(); }
    void norm()
    {
        if (q < 0) { p = -p; q = -q; }
        int a = std::abs(p), b = q;
        while (b) { int t = a % b; a = b; b = t; }
        if (a > 1) { p /= a; q /= a; }
        if (p == 0) q = 1;
    }
    int p, q;
};
inline std::ostream& operator<<(std::ostream& os, const ThValue& v)
{
    if (v.Q() == 1) return os << v.P();
    return os << v.P() << "/" << v.Q();
}
STUB
cat > "$stub/therm/ThPoint.h" <<'STUB'
// Stand-in for cgt_lib's ThPoint.h.
#pragma once
#include "ThValue.h"
class ThPoint {
public:
    ThPoint() {}
    ThPoint(const ThValue& v, const ThValue& t) : v(v), t(t) {}
    const ThValue& Value() const { return v; }
    const ThValue& Temp() const { return t; }
    bool operator==(const ThPoint& o) const { return v == o.v && t == o.t; }
private:
    ThValue v, t;
};
STUB
cat > "$stub/therm/ThScaffold.h" <<'STUB'
// Stand-in for cgt_lib's ThScaffold.h: stores points; no thermograph arithmetic.
#pragma once
#include <vector>
#include <ostream>
#include "ThPoint.h"
#include "ThStubAbort.h"
class ThScaffold {
public:
    void AppendPoint(const ThPoint& p) { pts.push_back(p); }
    int NuPoints() const { return (int)pts.size(); }
    const ThPoint* NthPoint(int i) const { return (i >= 1 && i <= (int)pts.size()) ? &pts[i - 1] : nullptr; }
    int DirectionTo(const ThValue&) const { th_stub_abort("ThScaffold::DirectionTo"); }
    bool operator==(const ThScaffold& o) const { return pts == o.pts; }
private:
    std::vector<ThPoint> pts;
};
inline std::ostream& operator<<(std::ostream& os, const ThScaffold& sc)
{
    for (int i = 1; i <= sc.NuPoints(); i++)
        os << "(" << sc.NthPoint(i)->Value() << ", " << sc.NthPoint(i)->Temp() << ")";
    return os;
}
STUB
cat > "$stub/therm/ThGraph.h" <<'STUB'
// Stand-in for cgt_lib's ThGraph.h: holds two scaffolds; building thermographs aborts.
#pragma once
#include <vector>
#include "SgBlackWhite.h"
#include "SgBWArray.h"
#include "ThValue.h"
#include "ThPoint.h"
#include "ThScaffold.h"
#include "ThStubAbort.h"
class ThGraph {
public:
    ThGraph() {}
    ThGraph(const ThScaffold& l, const ThScaffold& r) { sc[SG_BLACK] = l; sc[SG_WHITE] = r; }
    const ThScaffold* Sc(SgBlackWhite c) const { return &sc[c]; }
    ThScaffold* Sc(SgBlackWhite c) { return &sc[c]; }
    const ThValue& LeftStop() const { th_stub_abort("ThGraph::LeftStop"); }
    const ThValue& RightStop() const { th_stub_abort("ThGraph::RightStop"); }
    ThValue Temperature() const { th_stub_abort("ThGraph::Temperature"); }
    void Check() const {}
    bool operator==(const ThGraph& o) const { return sc[0] == o.sc[0] && sc[1] == o.sc[1]; }
    static ThGraph* MakeGraphFromOptions(SgBWArray<std::vector<ThGraph*>>&) { th_stub_abort("ThGraph::MakeGraphFromOptions"); }
private:
    ThScaffold sc[2];
};
STUB
fi

sed -i 's/cmake_minimum_required(VERSION 4.2)/cmake_minimum_required(VERSION 3.25)/' "$dir/CMakeLists.txt"
sed -i 's/find_package(Python3 OPTIONAL COMPONENTS Interpreter)/find_package(Python3 COMPONENTS Interpreter)/' "$dir/CMakeLists.txt"
sed -i 's/static_assert(false);/static_assert(sizeof(T) == 0, "unsupported integral type");/' "$dir/src/serializer.h"

cd "$dir"
nice -n "${NICE:-19}" cmake -B build -DDEBUG=0 -DONLY_EMIT=MCGS
[ "${BUILD:-1}" = 0 ] && { echo "configured only (BUILD=0)"; exit 0; }
nice -n "${NICE:-19}" cmake --build build -j"${JOBS:-1}" --target MCGS
echo "built $dir/MCGS ($(c++ --version | head -1))"
