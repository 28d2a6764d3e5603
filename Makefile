# Thin wrapper over CMake.  `make demo` and `make test` install what is
# missing (scripts/install-deps.sh), build, and run.
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= 2

.PHONY: all deps build test test-asan demo bench format clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

$(ASAN_BUILD)/CMakeCache.txt:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSCHEDCC_SANITIZE=ON

test-asan: deps $(ASAN_BUILD)/CMakeCache.txt
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)

demo: build
	@sh scripts/demo.sh $(BUILD)

bench: build
	@scripts/install-deps.sh --bench
	@sh bench/run.sh $(BUILD)

format:
	clang-format -i support/*.[ch] ir/*.[ch] frontend/*.[ch] schedules/*.[ch] \
	  transforms/*.[ch] backend/*.[ch] tools/*.c test/unit/*.c

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
