#!/bin/sh
# The includes that generated code needs (<immintrin.h>) go after the
# feature-test macros that start a file and before its first #include
# (POSIX.1-2017, "The Compilation Environment": _POSIX_C_SOURCE must be
# defined before any header is included), so that a program which
# defines _POSIX_C_SOURCE or _GNU_SOURCE at its top still compiles with
# -std=c17 (with them at the top of the file, <immintrin.h> pulled in the
# C library's headers first, and clock_gettime was undeclared):
#   test/feature-macros.sh SCHEDCC
# For each input below: where `#include <immintrin.h>` lands in the output
# (its line), and the output, with and without --line-markers, compiled by
# gcc and clang-19 -std=c17 -O2 -Wall -Wextra -Werror -mavx512f to an
# object.  Inputs: a #define after a comment; an #ifndef/#define/#endif
# group with a continuation line and a comment inside; an include guard
# (its #include inside the #ifndef: the top of the file, as before); a
# file that starts with #include (the top); a #define before the first
# #include (after it); a #define continued across CRLF line ends (after
# its continuation line).
set -u
schedcc=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/schedcc-featmac.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cat >"$tmp/k.sched" <<'S'
// tolerance: 1e-4 abs 1e-4
named_sequence @main(%root) {
  %j = match.loop "j" in %root
  loop.vectorize %j {isa = "avx512", reassoc}
}
S
body() {
  cat <<'C'
#include <time.h>

double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

#pragma schedcc kernel
void rowsum(int m, int n, float A[m][n], float s[m]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s[i] += A[i][j];
}
C
}
{ printf '/* a comment\n * of two lines */\n#define _POSIX_C_SOURCE 200809L\n'; body; } >"$tmp/define.c"
{ printf '// feature macros\n#ifndef _GNU_SOURCE\n#define _GNU_SOURCE \\\n  1 /* the GNU\n  extensions */\n#endif\n\n'; body; } >"$tmp/group.c"
{ printf '#ifndef K_H\n#define K_H\n#define _POSIX_C_SOURCE 200809L\n'; body; printf '#endif\n'; } >"$tmp/guard.c"
{ printf '#define _POSIX_C_SOURCE 200809L\n#include <stddef.h>\n'; body; } >"$tmp/first.c"
{ printf '#define _POSIX_C_SOURCE \\\r\n  200809L\r\n'; body; } >"$tmp/crlf.c"
{ body | sed 's/^#include <time.h>$/#include <time.h>\n#include <stdint.h>/'; } >"$tmp/top.c"
# name: the line of #include <immintrin.h>; whether it must compile with
# -std=c17 alone (top.c, guard.c: no feature macro before <time.h>, so
# clock_gettime needs one on the command line)
for c in define:4 group:7 guard:1 first:2 crlf:3 top:1; do
  name=${c%%:*} want=${c#*:}
  for mode in plain markers; do
    extra=""
    [ "$mode" = markers ] && extra=--line-markers
    if ! "$schedcc" "$tmp/$name.c" -s "$tmp/k.sched" $extra -o "$tmp/$name.$mode.c" -- -mavx512f 2>"$tmp/$name.$mode.err"; then
      fail "$name ($mode): refused:"; cat "$tmp/$name.$mode.err"; continue
    fi
    got=$(grep -n '^#include <immintrin.h>$' "$tmp/$name.$mode.c" | cut -d: -f1)
    [ "$got" = "$want" ] || fail "$name ($mode): #include <immintrin.h> at line '$got', expected $want"
    def=""
    case $name in guard|top) def=-D_POSIX_C_SOURCE=200809L;; esac
    for cc in gcc clang-19; do
      command -v $cc >/dev/null || continue
      $cc -std=c17 -O2 -Wall -Wextra -Werror -mavx512f $def -c "$tmp/$name.$mode.c" -o "$tmp/$name.$mode.o" 2>"$tmp/$name.$mode.cc" ||
        { fail "$name ($mode): $cc does not compile the output:"; cat "$tmp/$name.$mode.cc"; }
    done
  done
  # with line markers, the first marker (after the added includes) names
  # the file's line the include took the place of
  if [ "$want" -gt 1 ]; then
    next=$(grep -m1 '^#line ' "$tmp/$name.markers.c")
    [ "$next" = "#line $want \"$tmp/$name.c\"" ] || fail "$name: the first line marker '$next', expected #line $want"
  fi
done
[ $fails -eq 0 ] && echo "ok: feature-test macros before the added includes"
exit $((fails > 0))
