# gpucheck: two commands on a fresh machine.
#   make demo   build, then run the default test suite on the default device
#   make test   build (with AddressSanitizer and UBSan), then run every test (CTest)
# Both install missing system packages first when run as root (scripts/ensure-deps.sh).

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
TEST_BUILD ?= build-test

.PHONY: all deps build demo test test-build clean install

all: build

deps:
	@scripts/ensure-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	./$(BUILD)/gpucheck devices
	./$(BUILD)/gpucheck run

test-build: deps
	@scripts/fetch-nvrtc.sh
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGC_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)

test: test-build
	cd $(TEST_BUILD) && ASAN_OPTIONS=detect_leaks=0:protect_shadow_gap=0 ctest --output-on-failure -j $(JOBS)

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(TEST_BUILD)
