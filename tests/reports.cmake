# Benchmark statistics and their stopping rule, report metadata, the Markdown report,
# `gpucheck compare`, the console's width and colour (issue 14).
find_package(Python3 COMPONENTS Interpreter REQUIRED)

# NVML without a GPU: a stand-in library with NVML's ABI.
add_library(fake_nvml SHARED ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/fake_nvml.c)
target_compile_definitions(test_nvml PRIVATE GC_FAKE_NVML="$<TARGET_FILE:fake_nvml>")
add_dependencies(test_nvml fake_nvml)
