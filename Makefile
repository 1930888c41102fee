# gpucheck: two commands on a fresh machine.
#   make demo   build (no tests), then run the default test suite on the default device
#   make test   build the tests (GCC, with AddressSanitizer and UBSan) and run them all
#               (CTest); build them again with clang and run the host unit tests there
# Both install missing system packages first when run as root (scripts/ensure-deps.sh).

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
TEST_BUILD ?= build-test
CLANG_BUILD ?= build-clang

.PHONY: all deps test-deps build demo test test-build clang-build clean install

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

test: test-build clang-build
	cd $(TEST_BUILD) && ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0 ctest --output-on-failure -j $(JOBS)
	cd $(CLANG_BUILD) && ctest --output-on-failure -j $(JOBS) -L unit -LE nvrtc

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(CLANG_BUILD)
