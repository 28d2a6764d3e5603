# Thin wrapper over CMake.  `make demo` and `make test` install what is
# missing (scripts/install-deps.sh), build, and run.
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= 2

.PHONY: all deps build test test-asan demo bench format clean fuzz fuzz-sched

all: build

deps:
	@scripts/install-deps.sh

# Configure after the dependencies are installed (order-only: `make -j2`
# would otherwise run CMake beside scripts/install-deps.sh on a fresh machine).
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

$(ASAN_BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSCHEDCC_SANITIZE=ON

test-asan: deps $(ASAN_BUILD)/CMakeCache.txt
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)

demo: build
	@sh scripts/demo.sh $(BUILD)

# bench/matmul_shapes.sh runs twice on an AVX-512 host: with its code,
# then with AVX2 code (-march=znver2: an AVX2-only EPYC's instruction set).
# bench/remainders.sh times the fast bandwidth schedules at row lengths
# that are no multiple of their vector step, against the long row's.
# bench/tune_search.py measures schedcc-tune's search on a model of
# bmm.tune.sched's landscape (no timing), with its defaults and TPE alone.
bench: build
	@scripts/install-deps.sh --bench
	@sh bench/run.sh $(BUILD)
	@sh bench/matmul_shapes.sh $(BUILD)
	@if grep -qw avx512f /proc/cpuinfo; then MARCH=znver2 sh bench/matmul_shapes.sh $(BUILD); fi
	@sh bench/stencil.sh $(BUILD)
	@sh bench/bandwidth.sh $(BUILD)
	@sh bench/dwconv.sh $(BUILD)
	@sh bench/remainders.sh $(BUILD)
	@if /usr/bin/python3 -c "import optuna" 2>/dev/null; then \
	  /usr/bin/python3 bench/tune_search.py $(BUILD) 40; \
	  /usr/bin/python3 bench/tune_search.py $(BUILD) 40 -- --local 0; fi

# The random differential tester (test/fuzz/run.py, docs/testing.md) for
# SECONDS seconds with a random seed, niced, FUZZ_JOBS kernels at a time,
# then 40 random matrix products through loop.to_library
# (test/fuzz/libcall.py), whatever the first found; failures are saved
# under $(BUILD)/fuzz-failures/ (nothing is written into the checkout).
SECONDS ?= 60
FUZZ_JOBS ?= 1
fuzz: build
	st=0; \
	nice /usr/bin/python3 test/fuzz/run.py --schedcc $(BUILD)/schedcc \
	  --seconds $(SECONDS) --jobs $(FUZZ_JOBS) \
	  --save $(BUILD)/fuzz-failures || st=1; \
	nice /usr/bin/python3 test/fuzz/libcall.py --schedcc $(BUILD)/schedcc \
	  --count 40 --save $(BUILD)/fuzz-failures || st=1; \
	exit $$st

# libFuzzer on the schedule parser and checker (test/fuzz/sched_libfuzzer.c) for
# SECONDS seconds, in a clang-19 build of its own with ASan and UBSan,
# seeded with every schedule in the tree.
FUZZ_BUILD ?= build-fuzz
$(FUZZ_BUILD)/CMakeCache.txt:
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_C_COMPILER=clang-19 -DSCHEDCC_FUZZ=ON \
	  -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

fuzz-sched: deps $(FUZZ_BUILD)/CMakeCache.txt
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target sched_libfuzzer
	rm -rf $(FUZZ_BUILD)/sched-seeds && mkdir -p $(FUZZ_BUILD)/sched-seeds $(FUZZ_BUILD)/sched-corpus
	cp schedules/lib/*.sched samples/*.sched test/diff/*.sched \
	  test/difftol/*.sched test/neg/*.sched $(FUZZ_BUILD)/sched-seeds/
	cd $(FUZZ_BUILD) && nice ./sched_libfuzzer -max_total_time=$(SECONDS) \
	  -max_len=1048576 \
	  -dict=../test/fuzz/sched.dict -artifact_prefix=sched-crash- \
	  sched-corpus sched-seeds

format:
	clang-format -i support/*.[ch] ir/*.[ch] frontend/*.[ch] schedules/*.[ch] \
	  transforms/*.[ch] backend/*.[ch] tools/*.c test/unit/*.c

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
