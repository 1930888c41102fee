# SPDX-License-Identifier: Apache-2.0
# gpucheck: two commands on a fresh machine.
#   make demo   build (no tests), then run the default test suite on the default device
#   make test   build the tests (GCC, with AddressSanitizer and UBSan) and run them all
#               (CTest); build them again with clang and run the host unit tests there;
#               then fuzz every parser of outside input for 30 s each (make fuzz)
#   make fuzz   build the libFuzzer targets (clang, ASan+UBSan) and run each for
#               FUZZ_SECONDS (default 60); tests/fuzz/run.sh prints executions and coverage
# Both install missing system packages first when run as root (scripts/ensure-deps.sh).

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
TEST_BUILD ?= build-test
CLANG_BUILD ?= build-clang
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
# make test fuzzes for less: CI has 90 minutes for everything.
TEST_FUZZ_SECONDS ?= 30

.PHONY: all deps test-deps build demo test test-build clang-build fuzz-build fuzz clean install

all: build

deps:
	@scripts/ensure-deps.sh

test-deps:
	@scripts/ensure-deps.sh --test

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DGC_BUILD_TESTS=OFF >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	./$(BUILD)/gpucheck devices
	./$(BUILD)/gpucheck run

# The tests that compile CUDA get the NVRTC that scripts/fetch-nvrtc.sh found or fetched
# (GC_NVRTC_LIBRARY), and the sub_group suite a CPU OpenCL runtime with sub-groups from
# scripts/fetch-subgroup-opencl.sh (GC_SUBGROUP_OPENCL_LIBRARY): the library itself never
# looks in .deps/.
test-build: test-deps
	@nvrtc=$$(scripts/fetch-nvrtc.sh) && sgcl=$$(scripts/fetch-subgroup-opencl.sh) && \
	  cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGC_SANITIZE=ON -DGC_BUILD_TESTS=ON \
	        -DGC_NVRTC_LIBRARY="$$nvrtc" -DGC_SUBGROUP_OPENCL_LIBRARY="$$sgcl" >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)

# A second compiler: everything builds with clang and -Werror, the host unit tests pass
# (the NVRTC ones are left to the first build: their result does not depend on it).
clang-build: test-deps
	@cmake -S . -B $(CLANG_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DGC_BUILD_TESTS=ON >/dev/null
	@cmake --build $(CLANG_BUILD) -j $(JOBS)

# The fuzz targets: the library instrumented for libFuzzer, ASan and UBSan (clang); only the
# targets are built, not the CLI or the tests.
fuzz-build: test-deps
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGC_BUILD_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_targets

fuzz: fuzz-build
	tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

test: test-build clang-build fuzz-build
	cd $(TEST_BUILD) && ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0 ctest --output-on-failure -j $(JOBS)
	cd $(CLANG_BUILD) && ctest --output-on-failure -j $(JOBS) -L unit -LE nvrtc
	tests/fuzz/run.sh $(FUZZ_BUILD) $(TEST_FUZZ_SECONDS)

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(CLANG_BUILD) $(FUZZ_BUILD)
