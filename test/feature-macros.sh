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
# its continuation line); a file whose comment and string name
# <immintrin.h>, and one with `#include <immintrin.h>` inside a block
# comment (added all the same), one under `#if 0` or an #ifdef that does
# not hold (added: libclang's inclusions say which directives ran), and
# one that runs (not added again).
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
# a macro of the program's own ends the region: the added headers must not
# see it (abs() would break <stdlib.h>, a #define N the parameters of
# <cblas.h>)
{ printf '#define _POSIX_C_SOURCE 200809L\n#define abs(x) ((x) < 0 ? -(x) : (x))\n'; body; } >"$tmp/own.c"
# a comment opener inside a line comment and a string of a directive
{ printf '#define _GNU_SOURCE 1 // old /* style\n#define _S "/*"\n'; body; } >"$tmp/opener.c"
# a continuation with blanks after the backslash (gcc and clang warn)
{ printf '#define _POSIX_C_SOURCE \\  \n  200809L\n'; body; } >"$tmp/blank.c"
# #line: the added lines would shift its numbering
{ printf '#line 100 "gen.c"\n#define _POSIX_C_SOURCE 200809L\n'; body; } >"$tmp/line.c"
# a UTF-8 byte order mark stays first
{ printf '\357\273\277#define _POSIX_C_SOURCE 200809L\n'; body; } >"$tmp/bom.c"
{ body | sed 's/^#include <time.h>$/#include <time.h>\n#include <stdint.h>/'; } >"$tmp/top.c"
# a comment and a string that name <immintrin.h> are no #include of it
# (before 2026-12-03 the backend then added none: the output did not
# compile)
{ printf '#define _POSIX_C_SOURCE 200809L\n/* needs <immintrin.h> */\n'; body; printf 'const char *hdr = "<immintrin.h>";\n'; } >"$tmp/mention.c"
# an #include line inside a block comment is no include either
{ printf '/* the old version:\n#include <immintrin.h>\n */\n'; body; } >"$tmp/blockc.c"
# an #include the preprocessor skips (under #if 0, or an #ifdef that does
# not hold) is no include: before 2026-12-06 the backend then added none
# and the output did not compile; one it runs is not added again
{ printf '#if 0\n#include <immintrin.h>\n#endif\n'; body; } >"$tmp/ifzero.c"
{ printf '#ifdef SCHEDCC_NO_SUCH_MACRO\n#include <immintrin.h>\n#endif\n'; body; } >"$tmp/ifdef.c"
{ printf '#define _POSIX_C_SOURCE 200809L\n#include <immintrin.h>\n'; body; } >"$tmp/have.c"
# name: the line of #include <immintrin.h>; whether it must compile with
# -std=c17 alone (top.c, guard.c: no feature macro before <time.h>, so
# clock_gettime needs one on the command line)
for c in define:4 group:7 guard:1 first:2 crlf:3 own:2 opener:3 blank:3:nocc line:1 bom:2 top:1 mention:2 blockc:1:nocc ifzero:1 ifdef:1; do
  name=${c%%:*} want=${c#*:} cc_too=1
  case $want in *:nocc) want=${want%:nocc} cc_too=0;; esac
  for mode in plain markers; do
    extra=""
    [ "$mode" = markers ] && extra=--line-markers
    if ! "$schedcc" "$tmp/$name.c" -s "$tmp/k.sched" $extra -o "$tmp/$name.$mode.c" -- -mavx512f 2>"$tmp/$name.$mode.err"; then
      fail "$name ($mode): refused:"; cat "$tmp/$name.$mode.err"; continue
    fi
    # with line markers, a leading region starts with `#line 1`
    at=$want
    [ "$mode" = markers ] && [ "$want" -gt 1 ] && at=$((want + 1))
    got=$(grep -n '^#include <immintrin.h>$' "$tmp/$name.$mode.c" | head -1 | cut -d: -f1)
    [ "$got" = "$at" ] || fail "$name ($mode): #include <immintrin.h> at line '$got', expected $at"
    # the skipped include stays where it was, beside the added one; the
    # one that runs is the only one
    count=$(grep -c '^#include <immintrin.h>$' "$tmp/$name.$mode.c")
    case $name in
    ifzero|ifdef) [ "$count" = 2 ] || fail "$name ($mode): $count lines '#include <immintrin.h>', expected 2 (the added one and the skipped one)";;
    esac
    def=""
    case $name in guard|top|line|ifzero|ifdef) def=-D_POSIX_C_SOURCE=200809L;; esac
    [ $cc_too -eq 1 ] || continue
    for cc in gcc clang-19; do
      command -v $cc >/dev/null || continue
      $cc -std=c17 -O2 -Wall -Wextra -Werror -mavx512f $def -c "$tmp/$name.$mode.c" -o "$tmp/$name.$mode.o" 2>"$tmp/$name.$mode.cc" ||
        { fail "$name ($mode): $cc does not compile the output:"; cat "$tmp/$name.$mode.cc"; }
    done
  done
  # with line markers, the leading region under `#line 1`, and the marker
  # after the added includes names the file's line they took the place of
  if [ "$want" -gt 1 ]; then
    first=$(sed -n "1{s/^$(printf "\357\273\277")//;p}" "$tmp/$name.markers.c")
    [ "$first" = "#line 1 \"$tmp/$name.c\"" ] || fail "$name: line 1 '$first', expected #line 1"
    next=$(sed -n "$((want + 2)),\$p" "$tmp/$name.markers.c" | grep -m1 '^#line ')
    [ "$next" = "#line $want \"$tmp/$name.c\"" ] || fail "$name: the marker after the includes '$next', expected #line $want"
  fi
done
# the program's own #include <immintrin.h>, which runs: not added again
if "$schedcc" "$tmp/have.c" -s "$tmp/k.sched" -o "$tmp/have.out.c" -- -mavx512f 2>"$tmp/have.err"; then
  count=$(grep -c '^#include <immintrin.h>$' "$tmp/have.out.c")
  [ "$count" = 1 ] || fail "have: $count lines '#include <immintrin.h>', expected 1 (the program's own)"
else
  fail "have: refused:"; cat "$tmp/have.err"
fi
[ $fails -eq 0 ] && echo "ok: feature-test macros before the added includes"
exit $((fails > 0))
