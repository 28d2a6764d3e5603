# End-to-end tests through the schedcc binary (included by test/CMakeLists.txt).
set(T ${CMAKE_CURRENT_SOURCE_DIR})
set(S ${CMAKE_SOURCE_DIR}/samples)
set(SCHEDCC $<TARGET_FILE:schedcc>)

# For a schedule DIR/NAME.VARIANT.sched: sets <prefix>_name (NAME),
# <prefix>_variant (NAME.VARIANT) and <prefix>_src, the first NAME.c found
# in the folders given after the prefix (empty when none holds it).
function(sched_parts sched prefix)
  get_filename_component(file ${sched} NAME)
  string(REGEX REPLACE "\\..*$" "" name ${file})
  string(REGEX REPLACE "\\.sched$" "" variant ${file})
  set(src "")
  foreach(dir ${ARGN})
    if(NOT src AND EXISTS ${dir}/${name}.c)
      set(src ${dir}/${name}.c)
    endif()
  endforeach()
  set(${prefix}_name ${name} PARENT_SCOPE)
  set(${prefix}_variant ${variant} PARENT_SCOPE)
  set(${prefix}_src ${src} PARENT_SCOPE)
endfunction()

# Identity round trip: every corpus program and sample, no schedule.
file(GLOB corpus CONFIGURE_DEPENDS ${T}/corpus/*.c)
foreach(src ${corpus})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME identity.corpus.${name} COMMAND sh ${T}/diff.sh ${SCHEDCC} ${src})
endforeach()
file(GLOB samples CONFIGURE_DEPENDS ${S}/*.c)
foreach(src ${samples})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME identity.sample.${name} COMMAND sh ${T}/diff.sh ${SCHEDCC} ${src})
endforeach()

# Differential tests: samples/NAME*.sched on samples/NAME.c, and
# test/diff/NAME.VARIANT.sched on test/corpus/NAME.c (or samples/NAME.c).
file(GLOB sample_scheds CONFIGURE_DEPENDS ${S}/*.sched)
foreach(sched ${sample_scheds})
  sched_parts(${sched} s)
  set(name ${s_name})
  set(variant ${s_variant})
  # Schedules with a `// tolerance:` line contract to FMAs (not
  # bit-identical; the samples print bit hashes): the same schedules are
  # checked on number-printing programs under test/difftol.
  file(STRINGS ${sched} tol REGEX "^// tolerance:")
  if(tol)
    continue()
  endif()
  add_test(NAME diff.sample.${variant}
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/${name}.c ${sched})
endforeach()
# heat3d.fast.sched's 16 x 16 x 16 tiles are larger than the sample's
# default sizes: also full and partial tiles of time and space.
add_test(NAME diff.sample.heat3d.fast.big
         COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/heat3d.c ${S}/heat3d.fast.sched)
set_tests_properties(diff.sample.heat3d.fast.big PROPERTIES
                     ENVIRONMENT "CFLAGS=-O2 -DN=44 -DTSTEPS=37")
# dwconv's schedules on sizes whose channels leave a remainder (c = 100:
# one 64-channel block, then with AVX-512 two whole vectors and a rest of
# 4; c = 130: two blocks and a rest of 2; c = 7: the rest only), odd widths (5 and 7: a rest of 1 and of 3 pixels after the tiles
# of 4) and a one-row image.
foreach(variant fast avx2)
  add_test(NAME diff.sample.dwconv.${variant}.odd
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/dwconv.c ${S}/dwconv.${variant}.sched 3 5 100)
  add_test(NAME diff.sample.dwconv.${variant}.w7
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/dwconv.c ${S}/dwconv.${variant}.sched 2 7 130)
  add_test(NAME diff.sample.dwconv.${variant}.tiny
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/dwconv.c ${S}/dwconv.${variant}.sched 1 3 7)
endforeach()
# colsum's schedules on a partial block of rows (9 rows;
# 130 columns: a 128-column block and a rest of 2), on fewer rows than a
# tile and fewer columns than a vector (3 x 7), and on one row.
foreach(variant fast rowwise)
  add_test(NAME diff.sample.colsum.${variant}.odd
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/colsum.c ${S}/colsum.${variant}.sched 9 130)
  add_test(NAME diff.sample.colsum.${variant}.tiny
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/colsum.c ${S}/colsum.${variant}.sched 3 7)
  add_test(NAME diff.sample.colsum.${variant}.row
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/colsum.c ${S}/colsum.${variant}.sched 1 300)
  # 37 rows (two blocks of 16 and 5), 333 columns: two 128-column blocks,
  # four whole vectors and a masked rest of 13
  add_test(NAME diff.sample.colsum.${variant}.vectors
           COMMAND sh ${T}/diff.sh ${SCHEDCC} ${S}/colsum.c ${S}/colsum.${variant}.sched 37 333)
endforeach()
file(GLOB diff_scheds CONFIGURE_DEPENDS ${T}/diff/*.sched)
foreach(sched ${diff_scheds})
  sched_parts(${sched} s ${T}/corpus ${T}/diff)
  set(name ${s_name})
  set(variant ${s_variant})
  set(src ${s_src})
  add_test(NAME diff.${variant} COMMAND sh ${T}/diff.sh ${SCHEDCC} ${src} ${sched})
endforeach()
# gcc 12.2 -O2 built an output of this one that never ended (the tile
# loop's bound, xf_bound_for_iv): fail in minutes, not at CTest's default
set_tests_properties(diff.tile_wide_bound.skew_tile PROPERTIES TIMEOUT 120)

# Golden tests: test/golden/NAME.c [+ NAME.sched] -> NAME.ir, NAME.out.c.
file(GLOB goldens CONFIGURE_DEPENDS ${T}/golden/*.c)
set(golden_names "")
foreach(src ${goldens})
  get_filename_component(name ${src} NAME_WE)
  list(APPEND golden_names ${name})
endforeach()
list(REMOVE_DUPLICATES golden_names)
foreach(name ${golden_names})
  add_test(NAME golden.${name} COMMAND sh ${T}/golden.sh ${SCHEDCC} ${T}/golden ${name})
endforeach()

# Negative tests: test/neg/NAME.expect with NAME.c and/or NAME.sched.
file(GLOB negs CONFIGURE_DEPENDS ${T}/neg/*.expect)
foreach(expect ${negs})
  get_filename_component(name ${expect} NAME_WE)
  add_test(NAME neg.${name} COMMAND sh ${T}/neg.sh ${SCHEDCC} ${T}/neg ${name})
endforeach()

# Driver: usage errors exit 2, --help/--version exit 0, -o onto the input is
# refused.
add_test(NAME driver.cli COMMAND sh ${T}/cli.sh ${SCHEDCC} ${S})
# Never silent: no kernel, unmatched sequences, missing loops, -v remarks,
# --dump-after (test/remarks.sh on test/remarks/).
add_test(NAME driver.remarks COMMAND sh ${T}/remarks.sh ${SCHEDCC} ${CMAKE_SOURCE_DIR}
         $<TARGET_FILE:schedcc-cc>)
# The library's @matmul: the register tile, the k block and the loop order
# it takes from the machine model of each named CPU (test/matmul-model.sh).
add_test(NAME lib.matmul_model COMMAND sh ${T}/matmul-model.sh ${SCHEDCC} ${CMAKE_SOURCE_DIR})
# samples/bmm.fast.sched on AVX-512, AVX2, SSE-only and NEON CPUs: the
# region of each ISA, and its output compiles for that CPU
# (test/sample-targets.sh).
add_test(NAME sample.bmm_fast_targets COMMAND sh ${T}/sample-targets.sh ${SCHEDCC} ${CMAKE_SOURCE_DIR})
# param.constraint naming machine model fields: --emit=params, refusals
# per CPU, samples/bmm.tune.sched for AVX2 and AVX-512 (test/param-target.sh).
add_test(NAME sched.param_target COMMAND sh ${T}/param-target.sh ${SCHEDCC} ${CMAKE_SOURCE_DIR})
# The includes generated code needs go after a file's leading feature-test
# macros (_POSIX_C_SOURCE, _GNU_SOURCE), and the output compiles with
# -std=c17 (test/feature-macros.sh).
add_test(NAME be.feature_macros COMMAND sh ${T}/feature-macros.sh ${SCHEDCC})
# samples/bmm.c --reps N (what the bench's tuner times): C as one call
# leaves it, the timing line, usage errors (test/sample-reps.sh).
add_test(NAME sample.bmm_reps COMMAND sh ${T}/sample-reps.sh ${CMAKE_SOURCE_DIR})

# ---- tests of later features: each block runs once its script exists ----

# Differential tests with a stated tolerance (vectorized reductions, FMA):
# test/difftol/NAME.VARIANT.sched on test/difftol/NAME.c (or the corpus or
# samples), compared by test/difftol.sh.
if(EXISTS ${T}/difftol.sh)
  file(GLOB tol_scheds CONFIGURE_DEPENDS ${T}/difftol/*.sched)
  foreach(sched ${tol_scheds})
    sched_parts(${sched} s ${T}/difftol ${S})
    set(name ${s_name})
    set(variant ${s_variant})
    set(src ${s_src})
    add_test(NAME difftol.${variant} COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${src} ${sched})
  endforeach()
  # The samples' contracting (FMA) schedules, on the samples themselves:
  # `--values` makes them print every element of C as a number.
  foreach(sched ${sample_scheds})
    file(STRINGS ${sched} tol REGEX "^// tolerance:")
    if(NOT tol)
      continue()
    endif()
    sched_parts(${sched} s)
    set(name ${s_name})
    set(variant ${s_variant})
    add_test(NAME difftol.sample.${variant}
             COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${S}/${name}.c ${sched} --values)
  endforeach()
  # samples/rowsum.fast.sched's version for A in L1 (the default 500 x 530
  # takes the other): 9 rows of 130 floats, a remainder past 128
  add_test(NAME difftol.sample.rowsum.fast.l1
           COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${S}/rowsum.c ${S}/rowsum.fast.sched --values 9 130)
  # its other versions: in L1 with 16 rows jammed (40 x 130: 2 blocks of
  # 16 rows and 8 rows left over), narrow rows beyond L1 (300 x 100:
  # jammed, 12 left over), and the narrow rows of samples/rowsum.avx2.sched
  add_test(NAME difftol.sample.rowsum.fast.l1jam
           COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${S}/rowsum.c ${S}/rowsum.fast.sched --values 40 130)
  add_test(NAME difftol.sample.rowsum.fast.narrow
           COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${S}/rowsum.c ${S}/rowsum.fast.sched --values 300 100)
  add_test(NAME difftol.sample.rowsum.avx2.narrow
           COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${S}/rowsum.c ${S}/rowsum.avx2.sched --values 301 17)
  # samples/bmm.tune.sched vectorizes in the ISA of the flags schedcc gets
  # (loop.vectorize without isa): -march=native, as schedcc-tune gives it,
  # so that this test runs the host's vector code, not baseline lanes
  set_tests_properties(difftol.sample.bmm.tune PROPERTIES
                       ENVIRONMENT "DIFFTOL_TARGET=-march=native")
  # samples/bmm.fast.sched's AVX2 region and its fallback (@matmul: loops
  # in i, k, j order) with the machine models of an AVX2-only and an
  # SSE-only CPU, run on the host (DIFFTOL_TARGET: test/difftol.sh)
  foreach(t znver2 x86-64)
    add_test(NAME difftol.sample.bmm.fast.${t}
             COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${S}/bmm.c ${S}/bmm.fast.sched --values)
    set_tests_properties(difftol.sample.bmm.fast.${t} PROPERTIES
                         ENVIRONMENT "DIFFTOL_TARGET=-march=${t}")
  endforeach()
endif()

# The LLVM backend (the .o path: schedcc -c), on every sample schedule,
# every corpus program, every test/diff schedule and every test/difftol
# schedule.  Bit-exact schedules: the .o path prints what the C path prints
# (test/diff-llvm.sh).  Schedules with a `// tolerance:` line (FMAs,
# vectorized reductions, packed micro-kernels): the .o path prints what the
# original program prints, within the tolerance (test/diff-llvm-tol.sh),
# at -O2 and, for test/difftol, at -O0 too (kernel frames as built).
if(EXISTS ${T}/diff-llvm.sh)
  foreach(sched ${sample_scheds})
    sched_parts(${sched} s)
    set(name ${s_name})
    set(variant ${s_variant})
    file(STRINGS ${sched} tol REGEX "^// tolerance:")
    if(tol)
      add_test(NAME llvm.sample.${variant}
               COMMAND sh ${T}/diff-llvm-tol.sh ${SCHEDCC} ${S}/${name}.c ${sched}
                       --values)
    else()
      add_test(NAME llvm.sample.${variant}
               COMMAND sh ${T}/diff-llvm.sh ${SCHEDCC} ${S}/${name}.c ${sched})
    endif()
  endforeach()
  foreach(src ${corpus})
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME llvm.corpus.${name} COMMAND sh ${T}/diff-llvm.sh ${SCHEDCC} ${src})
  endforeach()
  foreach(sched ${diff_scheds})
    sched_parts(${sched} s ${T}/corpus ${T}/diff)
    set(name ${s_name})
    set(variant ${s_variant})
    set(src ${s_src})
    add_test(NAME llvm.diff.${variant}
             COMMAND sh ${T}/diff-llvm.sh ${SCHEDCC} ${src} ${sched})
  endforeach()
  # streaming stores are in the code, not only in the outputs
  add_test(NAME llvm.stream COMMAND sh ${T}/llvm-stream.sh ${SCHEDCC} ${T})
  add_test(NAME llvm.nobuiltin COMMAND sh ${T}/llvm-nobuiltin.sh ${SCHEDCC})
  # so are loop.vectorize {fma_adds}'s multiply-adds by 1, on both paths
  add_test(NAME codegen.fma_adds COMMAND sh ${T}/fma-adds.sh ${SCHEDCC} ${T})
  file(GLOB llvm_tol_scheds CONFIGURE_DEPENDS ${T}/difftol/*.sched)
  foreach(sched ${llvm_tol_scheds})
    sched_parts(${sched} s ${T}/difftol ${S})
    set(name ${s_name})
    set(variant ${s_variant})
    set(src ${s_src})
    foreach(opt O2 O0)
      add_test(NAME llvm.difftol.${variant}.${opt}
               COMMAND sh ${T}/diff-llvm-tol.sh ${SCHEDCC} ${src} ${sched} -${opt})
    endforeach()
  endforeach()
endif()

# The wrapper links the libraries of loop.to_library calls
# (test/wrapper-library.sh).
if(EXISTS ${T}/wrapper-library.sh)
  add_test(NAME wrapper.library
           COMMAND sh ${T}/wrapper-library.sh $<TARGET_FILE:schedcc-cc> ${SCHEDCC})
endif()

# The wrapper as a cross compiler (SCHEDCC_CC=aarch64-linux-gnu-gcc) on
# samples/project, under qemu-aarch64 (test/wrapper-cross.sh).
if(EXISTS ${T}/wrapper-cross.sh)
  add_test(NAME wrapper.cross
           COMMAND sh ${T}/wrapper-cross.sh $<TARGET_FILE:schedcc-cc> ${SCHEDCC}
                   ${S}/project ${T}/golden)
endif()

# The compiler wrapper on samples/project (test/wrapper.sh), and on single
# commands: one-step builds, GCC-only flags, line numbers after kernels,
# -iquote order, -Wp,-MD (test/wrapper-cases.sh).
if(EXISTS ${T}/wrapper.sh)
  add_test(NAME wrapper.project
           COMMAND sh ${T}/wrapper.sh $<TARGET_FILE:schedcc-cc> ${SCHEDCC} ${S}/project)
endif()
add_test(NAME wrapper.cases
         COMMAND sh ${T}/wrapper-cases.sh $<TARGET_FILE:schedcc-cc> ${SCHEDCC})
# The wrapper in builds (test/wrapper-build.sh, issue 10): the ISA rule on
# a llama2.c-style -O3 project with gcc and clang, line numbers inside
# regenerated kernels, ccache (launcher, SCHEDCC_CC, CMake), SCHEDCC_FLAGS,
# SCHEDCC_REMARKS, -MD in one-step builds; a file gcc accepts with warnings
# (SCHEDCC_CC=gcc: schedcc --cc=gcc); -mavx2 without -mfma.
foreach(part isa lines ccache flags gccwarn nofma)
  add_test(NAME wrapper.build.${part}
           COMMAND sh ${T}/wrapper-build.sh $<TARGET_FILE:schedcc-cc> ${SCHEDCC} ${part})
endforeach()

# `#pragma omp tile/unroll` read as an inline schedule, against clang-19
# -fopenmp compiling the directives itself (test/omp-pragmas.sh).
if(EXISTS ${T}/omp-pragmas.sh)
  file(GLOB omp_srcs CONFIGURE_DEPENDS ${T}/omp/*.c)
  foreach(src ${omp_srcs})
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME omp.${name} COMMAND sh ${T}/omp-pragmas.sh ${SCHEDCC} ${src})
  endforeach()
endif()

# OpenMP loop directives inside kernels (#pragma omp parallel for, for,
# simd, ...), kept on their loops: test/omp/loop/NAME.c as written
# (omp.loop.NAME) and under each NAME.TAG.sched (omp.loop.NAME.TAG), with
# and without -fopenmp, C and .o paths (test/omp-loop.sh).
if(EXISTS ${T}/omp-loop.sh)
  file(GLOB omp_loop_srcs CONFIGURE_DEPENDS ${T}/omp/loop/*.c)
  foreach(src ${omp_loop_srcs})
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME omp.loop.${name} COMMAND sh ${T}/omp-loop.sh ${SCHEDCC} ${src})
    file(GLOB scheds CONFIGURE_DEPENDS ${T}/omp/loop/${name}.*.sched)
    foreach(sched ${scheds})
      get_filename_component(sn ${sched} NAME)
      string(REGEX REPLACE "^${name}\\.(.*)\\.sched$" "\\1" tag ${sn})
      add_test(NAME omp.loop.${name}.${tag}
               COMMAND sh ${T}/omp-loop.sh ${SCHEDCC} ${src} ${sched})
    endforeach()
  endforeach()
endif()

# Dependence analysis: golden --emit=deps output (test/deps/NAME.c ->
# NAME.deps) and --unsafe end to end.
file(GLOB dep_srcs CONFIGURE_DEPENDS ${T}/deps/*.c)
foreach(src ${dep_srcs})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME deps.${name} COMMAND sh ${T}/deps.sh ${SCHEDCC} ${T}/deps ${name})
endforeach()
add_test(NAME legality.unsafe COMMAND sh ${T}/legality.sh ${SCHEDCC})

# Kernel versioning (run-time checks of aliasing and delinearization):
# test/versioning/NAME.c prints values that tell the two versions apart
# (NAME.expected), built for real with -O2 -Wall -Wextra -Werror and
# through -c; and the aliasing/delinearization programs of test/diff the
# same way against their original's output.
file(GLOB ver_srcs CONFIGURE_DEPENDS ${T}/versioning/*.c)
foreach(src ${ver_srcs})
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME versioning.${name} COMMAND sh ${T}/versioning.sh ${SCHEDCC} ${src})
endforeach()
foreach(v alias_shift.vec_avx2 alias_shift.vec_scalar gemm_nn.vec_avx2
          gemm_nn.vec_scalar jacobi_ptr.tile)
  string(REGEX REPLACE "\\..*" "" name ${v})
  add_test(NAME versioning.diff.${v}
           COMMAND sh ${T}/versioning.sh ${SCHEDCC} ${T}/diff/${name}.c ${T}/diff/${v}.sched)
endforeach()
# schedcc-tune on a tiny kernel: CSV, plot, best schedule, a study shared
# by two processes through SQLite, wrong variants recorded as failed
# (test/tune.sh).
add_test(NAME tune.tiny
         COMMAND sh ${T}/tune.sh ${CMAKE_BINARY_DIR}/schedcc-tune ${SCHEDCC} ${T}/tune)
set_tests_properties(tune.tiny PROPERTIES TIMEOUT 600)
# The search of schedcc-tune with the timing replaced by known functions of
# the values: the pattern search, contenders timed again
# (test/tune-search.py).
add_test(NAME tune.search
         COMMAND /usr/bin/python3 ${T}/tune-search.py ${CMAKE_BINARY_DIR}/schedcc-tune ${SCHEDCC} ${T}/tune)
set_tests_properties(tune.search PROPERTIES TIMEOUT 120)
# A trial left RUNNING without a heartbeat (its process killed between
# ask() and the first beat) is failed and run again (test/tune-orphan.sh).
add_test(NAME tune.orphan
         COMMAND sh ${T}/tune-orphan.sh ${CMAKE_BINARY_DIR}/schedcc-tune ${SCHEDCC} ${T}/tune)
set_tests_properties(tune.orphan PROPERTIES TIMEOUT 300)
# A study on a real PostgreSQL server (started by the test) survives one of
# its two processes killed mid-trial (test/tune-pg.sh).
add_test(NAME tune.postgres
         COMMAND sh ${T}/tune-pg.sh ${CMAKE_BINARY_DIR}/schedcc-tune ${SCHEDCC} ${T}/tune)
set_tests_properties(tune.postgres PROPERTIES TIMEOUT 600)
# Editor files for .sched (editors/): the Vim syntax file through a
# headless vim (syntax groups at chosen positions), the VS Code/TextMate
# grammar's structure and vscode-tmgrammar-test's scope assertions.
add_test(NAME editors.vim COMMAND sh ${T}/editors/vim.sh ${CMAKE_SOURCE_DIR})
add_test(NAME editors.textmate COMMAND sh ${T}/editors/textmate.sh ${CMAKE_SOURCE_DIR})
# The random differential tester (test/fuzz/run.py, docs/testing.md) with a
# fixed seed: 25 random kernels, each without a schedule and with 4 random
# schedules (125 pairs; the guided schedules make about 35 schedcc runs
# each, the outputs of int kernels are also built with signed overflow
# trapping, and the sizes reach 300), through the C path (gcc and clang-19,
# -O2 -Wall -Wextra -Werror) and the .o path.  `make fuzz SECONDS=N` runs
# it longer with random seeds.
# Wrong outputs of the aliased call (`./prog 1`) fail the test like any
# other: kernels are versioned by run-time alias checks (docs/legality.md).
add_test(NAME fuzz.fixed
         COMMAND python3 ${T}/fuzz/run.py --schedcc ${SCHEDCC} --seed 1
                 --count 25 --per-kernel 4 --jobs 2 --quiet
                 --save ${CMAKE_BINARY_DIR}/fuzz-failures)
set_tests_properties(fuzz.fixed PROPERTIES TIMEOUT 900)
# The random differential tester of loop.to_library (test/fuzz/libcall.py):
# 40 random matrix products and near misses with a fixed seed, each
# replaced by a cblas or libxsmm call (or refused), through the C path and
# the .o path, outputs compared exactly (the values are multiples of 1/4:
# every sum is exact).  `make fuzz` runs it with a random seed.
add_test(NAME fuzz.libcall
         COMMAND python3 ${T}/fuzz/libcall.py --schedcc ${SCHEDCC} --seed 1
                 --count 40 --save ${CMAKE_BINARY_DIR}/fuzz-failures)
set_tests_properties(fuzz.libcall PROPERTIES TIMEOUT 600)

# Real C as found (issue 24): test/realc/NAME.c, kernels written in the
# styles of widely used C code bases (training and inference code, neural
# network libraries, benchmark suites, image and signal processing, physics
# stencils) with a driver each, and test/realc/NAME.VARIANT.sched.  Each
# schedule runs on the C path (test/diff.sh, or test/difftol.sh with a
# `// tolerance:` line) and the .o path (test/diff-llvm.sh or
# test/diff-llvm-tol.sh); `ctest -L realc` runs them all.
file(GLOB realc_scheds CONFIGURE_DEPENDS ${T}/realc/*.sched)
foreach(sched ${realc_scheds})
  sched_parts(${sched} s ${T}/realc)
  set(variant ${s_variant})
  set(src ${s_src})
  file(STRINGS ${sched} tol REGEX "^// tolerance:")
  if(tol)
    add_test(NAME realc.${variant}
             COMMAND sh ${T}/difftol.sh ${SCHEDCC} ${src} ${sched})
    add_test(NAME realc.llvm.${variant}
             COMMAND sh ${T}/diff-llvm-tol.sh ${SCHEDCC} ${src} ${sched})
  else()
    add_test(NAME realc.${variant}
             COMMAND sh ${T}/diff.sh ${SCHEDCC} ${src} ${sched})
    add_test(NAME realc.llvm.${variant}
             COMMAND sh ${T}/diff-llvm.sh ${SCHEDCC} ${src} ${sched})
  endif()
  set_tests_properties(realc.${variant} realc.llvm.${variant}
                       PROPERTIES LABELS realc)
endforeach()

# AArch64 NEON (test/neon.sh, under qemu-aarch64 with the cross compiler;
# skipped with a note without them): every vectorizing (or in-register transposing) test/diff schedule
# (bit-exact) and test/difftol schedule (with its tolerance) that imports
# no x86 micro-kernel library and has no line `// neon: none (why)`, with
# its ISA replaced by "neon", on both paths; and NEON's own schedules,
# test/neon/NAME.VARIANT.sched on NAME.c of test/difftol or the samples.
if(EXISTS ${T}/neon.sh)
  foreach(sched ${diff_scheds})
    file(STRINGS ${sched} vec REGEX "loop\\.vectorize|loop\\.transpose_block|param\\.lanes")
    file(STRINGS ${sched} x86lib REGEX "^import .*(avx|sse)")
    file(STRINGS ${sched} noneon REGEX "^// neon: none")
    if(NOT vec OR x86lib OR noneon)
      continue()
    endif()
    sched_parts(${sched} s ${T}/corpus ${T}/diff)
    add_test(NAME neon.diff.${s_variant}
             COMMAND sh ${T}/neon.sh ${SCHEDCC} ${s_src} ${sched} exact)
  endforeach()
  foreach(sched ${tol_scheds})
    file(STRINGS ${sched} vec REGEX "loop\\.vectorize|loop\\.transpose_block|param\\.lanes")
    file(STRINGS ${sched} x86lib REGEX "^import .*(avx|sse)")
    if(NOT vec OR x86lib)
      continue()
    endif()
    sched_parts(${sched} s ${T}/difftol ${S})
    add_test(NAME neon.difftol.${s_variant}
             COMMAND sh ${T}/neon.sh ${SCHEDCC} ${s_src} ${sched} tol)
  endforeach()
  # the micro-kernel's instructions (test/neon-asm.sh), and the sample the
  # issue names, `samples/matmul.fast.sched` (the library's @matmul) run
  # for AArch64 on both paths (every element of C, within its tolerance)
  add_test(NAME neon.asm.matmul COMMAND sh ${T}/neon-asm.sh ${SCHEDCC} ${S})
  add_test(NAME neon.sample.matmul.fast
           COMMAND sh ${T}/neon.sh ${SCHEDCC} ${S}/matmul.c
                   ${S}/matmul.fast.sched tol --values)
  file(GLOB neon_scheds CONFIGURE_DEPENDS ${T}/neon/*.sched)
  foreach(sched ${neon_scheds})
    sched_parts(${sched} s ${T}/difftol ${S})
    add_test(NAME neon.${s_variant}
             COMMAND sh ${T}/neon.sh ${SCHEDCC} ${s_src} ${sched} tol)
  endforeach()
endif()
