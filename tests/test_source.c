/* SPDX-License-Identifier: Apache-2.0 */
/* test_source.c — embedded kernel sources and #include expansion. */
#include <stdlib.h>
#include <string.h>

#include "device/source.h"
#include "gpucheck/gc_device.h"
#include "unit.h"

int main(void) {
    CHECK(gc_kernel_source_count() > 0);
    CHECK(gc_kernel_source("kernels/gc_dialect.h") != NULL);
    CHECK(gc_kernel_source("no/such/file.gc") == NULL);
    int found = 0;
    for (size_t i = 0; i < gc_kernel_source_count(); i++)
        found += strcmp(gc_kernel_source_name_at(i), "suites/device/roundtrip.gc") == 0;
    CHECK(found == 1);

    char *out = NULL;
    const char *text = "// line 1\n#include \"kernels/gc_dialect.h\"\nint after_include;\n"
                       "#include \"kernels/gc_dialect.h\"\nint end;\n";
    CHECK(gc_source_expand_text("user.gc", text, &out) == GC_OK && out);
    if (out) {
        CHECK(strstr(out, "#define GC_DIALECT_H") != NULL);
        /* The dialect is pasted once even though it is included twice. */
        CHECK(strstr(strstr(out, "#define GC_DIALECT_H") + 1, "#define GC_DIALECT_H") == NULL);
        /* Line numbers of the user's file continue correctly after the include. */
        CHECK(strstr(out, "#line 3 \"user.gc\"\nint after_include;") != NULL);
        CHECK(strstr(out, "#line 1 \"kernels/gc_dialect.h\"") != NULL);
        CHECK(strstr(out, "#include \"kernels/gc_dialect.h\"") == NULL);
    }
    free(out);

    CHECK(gc_source_expand_text("bad.gc", "#include \"missing.h\"\n", &out) == GC_ERR_NOT_FOUND && out == NULL);
    CHECK(strstr(gc_last_error(), "missing.h") != NULL && strstr(gc_last_error(), "bad.gc:1") != NULL);
    CHECK(gc_source_expand("not/embedded.gc", &out) == GC_ERR_NOT_FOUND);
    /* A system include is left for the compiler. */
    CHECK(gc_source_expand_text("sys.gc", "#include <stdint.h>\n", &out) == GC_OK && strstr(out, "<stdint.h>"));
    free(out);
    return UNIT_DONE();
}
