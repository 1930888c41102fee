/* SPDX-License-Identifier: Apache-2.0 */
/* test_device_null.c — the NULL contract of the device API (gpucheck/gc_device.h): every
 * public function, called with each of its pointer arguments NULL, returns the documented
 * status (GC_ERR_ARGUMENT) or value (NULL, 0) with a message naming the function and the
 * argument, clears its out-pointers, and never crashes; and the other misuse the header
 * names (an unknown memory kind, a NULL define, a buffer of another opened device, an
 * unknown argument kind, a transfer from NULL) is GC_ERR_ARGUMENT with a message, not a
 * driver error. Every function the header declares must appear in this file (checked).
 * Runs on the default device (PoCL in CI); exits 77 (skipped, with the reason) where there
 * is none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_device.h"
#include "unit.h"

static const char *const kernel_text = "#include \"kernels/gc_dialect.h\"\n"
                                       "GC_KERNEL add_one(GC_GLOBAL gc_u32 *v, gc_u32 n) {\n"
                                       "    gc_u32 i = gc_global_id(0);\n"
                                       "    if (i < n) v[i] += 1u;\n"
                                       "}\n";

static void clear_error(void) { gc_set_last_error("%s", ""); }

/* A status call: the status wanted and a message holding `needle` (the function and the
 * argument for a NULL). */
#define EXPECT_STATUS(call, want, needle)                                                          \
    do {                                                                                           \
        clear_error();                                                                             \
        gc_status st_ = (call);                                                                    \
        const char *msg_ = gc_last_error();                                                        \
        CHECKF(st_ == (want) && msg_[0] && strstr(msg_, (needle)), "%s: %s '%s' (want %s with '%s')", #call, \
               gc_status_name(st_), msg_, gc_status_name(want), (needle));                         \
    } while (0)

/* A call that returns a value: the value wanted and a message holding `needle`. */
#define EXPECT_VALUE(call, want, needle)                                                           \
    do {                                                                                           \
        clear_error();                                                                             \
        int same_ = (call) == (want);                                                              \
        const char *msg_ = gc_last_error();                                                        \
        CHECKF(same_ && strstr(msg_, (needle)), "%s: value %s, message '%s' (want '%s')", #call,   \
               same_ ? "as expected" : "wrong", msg_, (needle));                                   \
    } while (0)

/* Every gc_ function the header declares is called in this file. */
static void check_every_function_is_tested(void) {
    const char *paths[] = {GC_SOURCE_DIR "/include/gpucheck/gc_device.h", __FILE__};
    char *text[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(paths[i], "rb");
        CHECKF(f != NULL, "cannot read %s", paths[i]);
        if (!f) return;
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        rewind(f);
        text[i] = calloc(1, (size_t)n + 1);
        if (text[i] && fread(text[i], 1, (size_t)n, f) != (size_t)n) text[i][0] = '\0';
        fclose(f);
    }
    size_t declared = 0;
    for (char *line = text[0]; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = '\0';
        const char *p = line;
        while (*p == ' ') p++;
        int comment = p[0] == '*' || (p[0] == '/' && (p[1] == '*' || p[1] == '/')) || p[0] == '#';
        /* A declaration: "type gc_name(" at the start of a line (a name right before '('). */
        const char *paren = comment || line[0] == ' ' || line[0] == '\0' ? NULL : strchr(line, '(');
        const char *name = paren;
        while (name && name > line && (name[-1] == '_' || (name[-1] >= 'a' && name[-1] <= 'z') ||
                                       (name[-1] >= '0' && name[-1] <= '9')))
            name--;
        if (paren && paren - name > 3 && paren - name < 64 && strncmp(name, "gc_", 3) == 0) {
            char fn[80];
            snprintf(fn, sizeof fn, "%.*s(", (int)(paren - name), name);
            declared++;
            CHECKF(strstr(text[1], fn) != NULL, "%s declared in gc_device.h has no case here", fn);
        }
        line = nl ? nl + 1 : NULL;
    }
    CHECKF(declared >= 35, "found only %zu declarations in gc_device.h", declared);
    free(text[0]);
    free(text[1]);
}

int main(void) {
    check_every_function_is_tested();
    size_t idx = 0;
    if (gc_device_default(&idx) != GC_OK) {
        printf("SKIP: no compute device (CUDA: %s; OpenCL: %s)\n", gc_backend_unavailable_reason(GC_BACKEND_CUDA),
               gc_backend_unavailable_reason(GC_BACKEND_OPENCL));
        return 77;
    }
    (void)gc_devices_probe();
    CHECK(gc_device_count() > idx && gc_device_info_at(idx) != NULL);
    CHECK(strcmp(gc_backend_name(GC_BACKEND_OPENCL), "opencl") == 0 && gc_backend_unavailable_reason(GC_BACKEND_CUDA));
    CHECK(strcmp(gc_order_name(GC_ORDER_SEQ_CST), "seq_cst") == 0 && strcmp(gc_scope_name(GC_SCOPE_DEVICE), "device") == 0);
    gc_device *dev = NULL, *other = NULL;
    gc_module *mod = NULL;
    gc_kernel *k = NULL;
    gc_buffer *buf = NULL, *other_buf = NULL;
    gc_timer *timer = NULL;
    char *log = NULL;
    /* The objects the calls below misuse. A second gc_device of the same hardware has a
     * context of its own, so its buffers are another device's. */
    if (gc_device_open(idx, &dev) != GC_OK || gc_device_open(idx, &other) != GC_OK ||
        gc_module_build_text(dev, "null_test", kernel_text, NULL, &mod, NULL) != GC_OK ||
        gc_kernel_get(mod, "add_one", &k) != GC_OK || gc_buffer_alloc(dev, 64, GC_MEM_DEVICE, &buf) != GC_OK ||
        gc_buffer_alloc(other, 64, GC_MEM_DEVICE, &other_buf) != GC_OK) {
        printf("FAIL: setting up on %s: %s\n", gc_device_info_at(idx)->id, gc_last_error());
        return 1;
    }
    const gc_device_info *info = gc_device_get_info(dev);
    uint32_t n = 16, host[16];
    gc_range r = {1, {16}, {16}, 0};
    gc_arg args[2] = {GC_ARG_BUF(buf), GC_ARG_VAL(n)};
    size_t out_index = 0;
    double ms = 0;
    gc_sub_group_info sgi;
    /* Out-pointers start as garbage: a failed call must clear them. */
    gc_device *d_out;
    gc_buffer *b_out;
    gc_module *m_out;
    gc_kernel *k_out;
    gc_timer *t_out;
#define GARBAGE(p) ((p) = (void *)&host)

    /* enumeration and selection */
    EXPECT_STATUS(gc_device_default(NULL), GC_ERR_ARGUMENT, "gc_device_default: out_index is NULL");
    EXPECT_STATUS(gc_device_find(NULL, &out_index), GC_ERR_ARGUMENT, "gc_device_find: id_or_name is NULL");
    EXPECT_STATUS(gc_device_find(info->id, NULL), GC_ERR_ARGUMENT, "gc_device_find: out_index is NULL");
    EXPECT_STATUS(gc_device_find("", &out_index), GC_ERR_ARGUMENT, "empty");
    EXPECT_STATUS(gc_device_open(idx, NULL), GC_ERR_ARGUMENT, "gc_device_open: out is NULL");
    GARBAGE(d_out);
    EXPECT_STATUS(gc_device_open(gc_device_count(), &d_out), GC_ERR_NO_DEVICE, "out of range");
    CHECK(d_out == NULL);
    EXPECT_VALUE(gc_device_info_at(gc_device_count()), NULL, "out of range");
    EXPECT_VALUE(gc_device_get_info(NULL), NULL, "gc_device_get_info: dev is NULL");
    gc_device_close(NULL);
    EXPECT_VALUE(gc_caps_fence(NULL, GC_ORDER_ACQ_REL, GC_SCOPE_DEVICE), 0, "gc_caps_fence: c is NULL");
    EXPECT_VALUE(gc_caps_atomic(NULL, GC_ORDER_RELAXED, GC_SCOPE_DEVICE), 0, "gc_caps_atomic: c is NULL");
    gc_memory_scope as;
    EXPECT_VALUE(gc_caps_scope_narrowed(NULL, GC_SCOPE_DEVICE, &as), 0, "gc_caps_scope_narrowed: c is NULL");

    /* memory */
    GARBAGE(b_out);
    EXPECT_STATUS(gc_buffer_alloc(NULL, 64, GC_MEM_DEVICE, &b_out), GC_ERR_ARGUMENT, "gc_buffer_alloc: dev is NULL");
    CHECK(b_out == NULL);
    EXPECT_STATUS(gc_buffer_alloc(dev, 64, GC_MEM_DEVICE, NULL), GC_ERR_ARGUMENT, "gc_buffer_alloc: out is NULL");
    EXPECT_STATUS(gc_buffer_alloc(dev, 64, (gc_mem_kind)7, &b_out), GC_ERR_ARGUMENT, "unknown memory kind 7");
    EXPECT_STATUS(gc_buffer_alloc(dev, 0, GC_MEM_DEVICE, &b_out), GC_ERR_ARGUMENT, "zero-byte");
    gc_buffer_free(NULL);
    EXPECT_VALUE(gc_buffer_size(NULL), 0, "gc_buffer_size: buf is NULL");
    EXPECT_VALUE(gc_buffer_host_ptr(NULL), NULL, "gc_buffer_host_ptr: buf is NULL");
    EXPECT_STATUS(gc_buffer_write(NULL, 0, host, 4), GC_ERR_ARGUMENT, "gc_buffer_write: buf is NULL");
    EXPECT_STATUS(gc_buffer_write(buf, 0, NULL, 4), GC_ERR_ARGUMENT, "gc_buffer_write: src is NULL");
    EXPECT_STATUS(gc_buffer_read(NULL, 0, host, 4), GC_ERR_ARGUMENT, "gc_buffer_read: buf is NULL");
    EXPECT_STATUS(gc_buffer_read(buf, 0, NULL, 4), GC_ERR_ARGUMENT, "gc_buffer_read: dst is NULL");
    EXPECT_STATUS(gc_buffer_read(buf, 62, host, 4), GC_ERR_ARGUMENT, "outside a 64-byte buffer");
    CHECK(gc_buffer_write(buf, 0, NULL, 0) == GC_OK && gc_buffer_read(buf, 64, NULL, 0) == GC_OK); /* allowed */
    EXPECT_STATUS(gc_buffer_write_async(NULL, 0, host, 4), GC_ERR_ARGUMENT, "gc_buffer_write_async: buf is NULL");
    EXPECT_STATUS(gc_buffer_write_async(buf, 0, NULL, 4), GC_ERR_ARGUMENT, "gc_buffer_write_async: src is NULL");
    EXPECT_STATUS(gc_buffer_write_async(buf, 61, host, 4), GC_ERR_ARGUMENT, "outside a 64-byte buffer");
    CHECK(gc_buffer_write_async(buf, 64, NULL, 0) == GC_OK); /* allowed */
    /* what it enqueued is there for the blocking read behind it on the same queue */
    const uint8_t sent[4] = {1, 2, 3, 4};
    uint8_t back[4] = {0};
    CHECK(gc_buffer_write_async(buf, 8, sent, 4) == GC_OK && gc_buffer_read(buf, 8, back, 4) == GC_OK &&
          memcmp(sent, back, 4) == 0);
    EXPECT_STATUS(gc_buffer_fill_byte(NULL, 0xAA), GC_ERR_ARGUMENT, "gc_buffer_fill_byte: buf is NULL");

    /* modules and kernels */
    GARBAGE(m_out);
    EXPECT_STATUS(gc_module_build(NULL, "kernels/gc_dialect.h", NULL, &m_out, &log), GC_ERR_ARGUMENT,
                  "gc_module_build: dev is NULL");
    CHECK(m_out == NULL && log == NULL);
    EXPECT_STATUS(gc_module_build(dev, NULL, NULL, &m_out, NULL), GC_ERR_ARGUMENT, "gc_module_build: source_name is NULL");
    EXPECT_STATUS(gc_module_build(dev, "kernels/gc_dialect.h", NULL, NULL, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build: out is NULL");
    EXPECT_STATUS(gc_module_build(dev, "no/such.gc", NULL, &m_out, NULL), GC_ERR_NOT_FOUND, "no/such.gc");
    GARBAGE(m_out);
    EXPECT_STATUS(gc_module_build_text(NULL, "x", kernel_text, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build_text: dev is NULL");
    CHECK(m_out == NULL);
    EXPECT_STATUS(gc_module_build_text(dev, "x", NULL, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build_text: text is NULL");
    EXPECT_STATUS(gc_module_build_text(dev, "x", kernel_text, NULL, NULL, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build_text: out is NULL");
    gc_build_options no_defines = {NULL, 2, 1};
    EXPECT_STATUS(gc_module_build_text(dev, "x", kernel_text, &no_defines, &m_out, NULL), GC_ERR_ARGUMENT,
                  "opt->defines (with n_defines > 0) is NULL");
    const char *null_define[] = {"A=1", NULL};
    gc_build_options with_null = {null_define, 2, 1};
    EXPECT_STATUS(gc_module_build_text(dev, "x", kernel_text, &with_null, &m_out, NULL), GC_ERR_ARGUMENT,
                  "opt->defines[1] is NULL");
    /* modules from files and binaries */
    GARBAGE(m_out);
    EXPECT_STATUS(gc_module_build_file(NULL, "k.cl", NULL, &m_out, &log), GC_ERR_ARGUMENT,
                  "gc_module_build_files: dev is NULL");
    CHECK(m_out == NULL && log == NULL);
    EXPECT_STATUS(gc_module_build_file(dev, NULL, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build_files: paths[0] is NULL");
    EXPECT_STATUS(gc_module_build_file(dev, "k.cl", NULL, NULL, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build_files: out is NULL");
    EXPECT_STATUS(gc_module_build_files(dev, NULL, 1, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_build_files: paths is NULL");
    const char *no_dirs_paths[] = {"k.cl"};
    gc_file_build_options no_dirs = {GC_LANG_AUTO, NULL, 1, NULL, 0, 1};
    EXPECT_STATUS(gc_module_build_files(dev, no_dirs_paths, 1, &no_dirs, &m_out, NULL), GC_ERR_ARGUMENT,
                  "include_dirs is NULL");
    EXPECT_STATUS(gc_module_build_file(dev, "/no/such/file.cl", NULL, &m_out, NULL), GC_ERR_NOT_FOUND,
                  "/no/such/file.cl");
    EXPECT_VALUE(gc_language_of_path(NULL), GC_LANG_AUTO, "gc_language_of_path: path is NULL");
    CHECK(strcmp(gc_language_name(GC_LANG_CUDA), "cuda") == 0 && strcmp(gc_language_name(GC_LANG_COUNT), "?") == 0);
    GARBAGE(m_out);
    EXPECT_STATUS(gc_module_load_binary(NULL, GC_BINARY_AUTO, "x", 1, NULL, &m_out, &log), GC_ERR_ARGUMENT,
                  "gc_module_load_binary: dev is NULL");
    CHECK(m_out == NULL && log == NULL);
    EXPECT_STATUS(gc_module_load_binary(dev, GC_BINARY_AUTO, NULL, 1, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_load_binary: bytes is NULL");
    EXPECT_STATUS(gc_module_load_binary(dev, GC_BINARY_AUTO, "x", 1, NULL, NULL, NULL), GC_ERR_ARGUMENT,
                  "gc_module_load_binary: out is NULL");
    EXPECT_STATUS(gc_module_load_binary(dev, GC_BINARY_COUNT, "x", 1, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "not a gc_binary_format");
    EXPECT_STATUS(gc_module_load_binary_file(NULL, "k.ptx", GC_BINARY_AUTO, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_load_binary_file: dev is NULL");
    EXPECT_STATUS(gc_module_load_binary_file(dev, NULL, GC_BINARY_AUTO, NULL, &m_out, NULL), GC_ERR_ARGUMENT,
                  "gc_module_load_binary_file: path is NULL");
    EXPECT_STATUS(gc_module_load_binary_file(dev, "k.ptx", GC_BINARY_AUTO, NULL, NULL, NULL), GC_ERR_ARGUMENT,
                  "gc_module_load_binary_file: out is NULL");
    EXPECT_VALUE(gc_binary_format_detect(NULL, 4, GC_BACKEND_CUDA), GC_BINARY_AUTO,
                 "gc_binary_format_detect: bytes is NULL");
    CHECK(strcmp(gc_binary_format_name(GC_BINARY_CUBIN), "cubin") == 0 &&
          strcmp(gc_binary_format_name(GC_BINARY_COUNT), "?") == 0);
    gc_module_free(NULL);
    EXPECT_VALUE(gc_module_assembly(NULL), NULL, "gc_module_assembly: mod is NULL");
    GARBAGE(k_out);
    EXPECT_STATUS(gc_kernel_get(NULL, "add_one", &k_out), GC_ERR_ARGUMENT, "gc_kernel_get: mod is NULL");
    CHECK(k_out == NULL);
    EXPECT_STATUS(gc_kernel_get(mod, NULL, &k_out), GC_ERR_ARGUMENT, "gc_kernel_get: name is NULL");
    EXPECT_STATUS(gc_kernel_get(mod, "add_one", NULL), GC_ERR_ARGUMENT, "gc_kernel_get: out is NULL");
    EXPECT_STATUS(gc_kernel_get(mod, "no_such_kernel", &k_out), GC_ERR_NO_KERNEL, "");
    gc_kernel_free(NULL);
    EXPECT_VALUE(gc_kernel_max_work_group_size(NULL), 0, "gc_kernel_max_work_group_size: k is NULL");

    /* launches */
    EXPECT_STATUS(gc_kernel_launch(NULL, &r, args, 2, &ms), GC_ERR_ARGUMENT, "gc_kernel_launch: k is NULL");
    EXPECT_STATUS(gc_kernel_launch(k, NULL, args, 2, &ms), GC_ERR_ARGUMENT, "range");
    EXPECT_STATUS(gc_kernel_launch(k, &r, NULL, 2, &ms), GC_ERR_ARGUMENT, "gc_kernel_launch: args (with nargs > 0) is NULL");
    EXPECT_STATUS(gc_kernel_enqueue(NULL, &r, args, 2), GC_ERR_ARGUMENT, "gc_kernel_enqueue: k is NULL");
    EXPECT_STATUS(gc_kernel_enqueue(k, NULL, args, 2), GC_ERR_ARGUMENT, "range");
    EXPECT_STATUS(gc_kernel_enqueue(k, &r, NULL, 2), GC_ERR_ARGUMENT, "gc_kernel_enqueue: args (with nargs > 0) is NULL");
    gc_arg null_buffer[2] = {GC_ARG_BUF(NULL), GC_ARG_VAL(n)};
    EXPECT_STATUS(gc_kernel_launch(k, &r, null_buffer, 2, NULL), GC_ERR_ARGUMENT, "NULL buffer");
    gc_arg null_value[2] = {GC_ARG_BUF(buf), {GC_ARG_VALUE, NULL, NULL, 4}};
    EXPECT_STATUS(gc_kernel_launch(k, &r, null_value, 2, NULL), GC_ERR_ARGUMENT, "has no value");
    gc_arg bad_kind[2] = {GC_ARG_BUF(buf), {(gc_arg_kind)9, NULL, &n, sizeof n}};
    EXPECT_STATUS(gc_kernel_launch(k, &r, bad_kind, 2, NULL), GC_ERR_ARGUMENT, "unknown kind 9");
    gc_arg foreign[2] = {GC_ARG_BUF(other_buf), GC_ARG_VAL(n)};
    EXPECT_STATUS(gc_kernel_launch(k, &r, foreign, 2, NULL), GC_ERR_ARGUMENT, "another opened device");
    EXPECT_STATUS(gc_device_finish(NULL), GC_ERR_ARGUMENT, "gc_device_finish: dev is NULL");
    EXPECT_STATUS(gc_device_select_queue(NULL, 0), GC_ERR_ARGUMENT, "gc_device_select_queue: dev is NULL");
    EXPECT_STATUS(gc_device_queue_wait(NULL, 0, 1), GC_ERR_ARGUMENT, "gc_device_queue_wait: dev is NULL");
    memset(&sgi, 0xff, sizeof sgi);
    EXPECT_STATUS(gc_kernel_sub_group_info(NULL, &r, &sgi), GC_ERR_ARGUMENT, "gc_kernel_sub_group_info: k is NULL");
    CHECK(sgi.max_sub_group_size == 0 && sgi.sub_group_count == 0);
    EXPECT_STATUS(gc_kernel_sub_group_info(k, NULL, &sgi), GC_ERR_ARGUMENT, "range");
    EXPECT_STATUS(gc_kernel_sub_group_info(k, &r, NULL), GC_ERR_ARGUMENT, "gc_kernel_sub_group_info: out is NULL");
    GARBAGE(t_out);
    EXPECT_STATUS(gc_timer_start(NULL, &t_out), GC_ERR_ARGUMENT, "gc_timer_start: dev is NULL");
    CHECK(t_out == NULL);
    EXPECT_STATUS(gc_timer_start(dev, NULL), GC_ERR_ARGUMENT, "gc_timer_start: out is NULL");
    EXPECT_STATUS(gc_timer_stop(NULL, &ms), GC_ERR_ARGUMENT, "gc_timer_stop: t is NULL");

    /* embedded sources */
    EXPECT_VALUE(gc_kernel_source(NULL), NULL, "gc_kernel_source: name is NULL");
    EXPECT_VALUE(gc_kernel_source_name_at(gc_kernel_source_count()), NULL, "out of range");

    /* After all that, the objects still work: a launch between a timer's start and stop
     * (elapsed_ms may be NULL) adds one to every element. */
    CHECK(gc_buffer_fill_byte(buf, 0) == GC_OK);
    CHECK(gc_timer_start(dev, &timer) == GC_OK);
    CHECK(gc_kernel_enqueue(k, &r, args, 2) == GC_OK);
    CHECK(gc_timer_stop(timer, NULL) == GC_OK);
    CHECK(gc_kernel_launch(k, &r, args, 2, NULL) == GC_OK && gc_device_finish(dev) == GC_OK);
    CHECK(gc_buffer_read(buf, 0, host, sizeof host) == GC_OK);
    int all_two = 1;
    for (int i = 0; i < 16; i++) all_two &= host[i] == 2;
    CHECKF(all_two, "the kernel did not run twice after the misuse: host[0] = %u", host[0]);
    CHECK(gc_buffer_size(buf) == 64 && gc_buffer_host_ptr(buf) == NULL && gc_kernel_max_work_group_size(k) > 0);
    CHECK(gc_kernel_source(gc_kernel_source_name_at(0)) != NULL);
    (void)gc_module_assembly(mod);
    (void)gc_caps_fence(&info->caps, GC_ORDER_ACQ_REL, GC_SCOPE_WORK_GROUP);
    (void)gc_caps_atomic(&info->caps, GC_ORDER_RELAXED, GC_SCOPE_DEVICE);
    (void)gc_caps_scope_narrowed(&info->caps, GC_SCOPE_DEVICE, NULL);
    (void)gc_kernel_sub_group_info(k, &r, &sgi); /* GC_ERR_UNSUPPORTED on PoCL 3.1 */

    gc_buffer_free(other_buf);
    gc_buffer_free(buf);
    gc_kernel_free(k);
    gc_module_free(mod);
    gc_device_close(other);
    gc_device_close(dev);
    return UNIT_DONE();
}
