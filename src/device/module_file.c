/* SPDX-License-Identifier: Apache-2.0 */
/* module_file.c — modules from the user's own files: CUDA C++, OpenCL C or the dialect
 * by extension or by name, and prebuilt binaries (CUBIN, PTX, fatbin, SPIR-V, OpenCL
 * program binaries). Which backend a language or a format needs is decided here, once,
 * so that a test on the wrong device gets GC_ERR_UNSUPPORTED and its reason (a SKIP). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/file_read.h"
#include "device/module.h"
#include "device/source.h"
#include "gpucheck/gc_device.h"

#define MAX_INCLUDE_DIRS 32
#define MAX_FILES 64
#define MAX_BINARY_BYTES (256u << 20)

const char *gc_language_name(gc_language lang) {
    static const char *const names[GC_LANG_COUNT] = {"auto", "dialect", "cuda", "opencl-c"};
    return (unsigned)lang < GC_LANG_COUNT ? names[lang] : "?";
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

gc_language gc_language_of_path(const char *path) {
    if (!path) {
        gc_set_last_error("gc_language_of_path: path is NULL");
        return GC_LANG_AUTO;
    }
    if (ends_with(path, ".cu") || ends_with(path, ".cuh")) return GC_LANG_CUDA;
    if (ends_with(path, ".cl")) return GC_LANG_OPENCL_C;
    if (ends_with(path, ".gc")) return GC_LANG_DIALECT;
    return GC_LANG_AUTO;
}

/* GC_ERR_UNSUPPORTED unless device `info` can build (or load) `what`, which needs `need`. */
static gc_status backend_suits(const gc_device_info *info, gc_backend_kind need, const char *path, const char *what,
                               const char *how) {
    if (info->backend == need) return GC_OK;
    gc_set_last_error("%s is %s, which %s %s devices only; %s (%s) is a%s %s device", path, what, how,
                      need == GC_BACKEND_CUDA ? "CUDA" : "OpenCL", info->name, info->id,
                      info->backend == GC_BACKEND_OPENCL ? "n" : "", info->backend == GC_BACKEND_CUDA ? "CUDA" : "OpenCL");
    return GC_ERR_UNSUPPORTED;
}

static gc_status check_file_args(const char *const *paths, size_t n_paths, const gc_file_build_options *opt) {
    if (!paths) {
        gc_set_last_error("gc_module_build_files: paths is NULL");
        return GC_ERR_ARGUMENT;
    }
    if (n_paths == 0 || n_paths > MAX_FILES) {
        gc_set_last_error("gc_module_build_files: %zu files (1 to %d)", n_paths, MAX_FILES);
        return GC_ERR_ARGUMENT;
    }
    for (size_t i = 0; i < n_paths; i++)
        if (!paths[i] || !*paths[i]) {
            gc_set_last_error("gc_module_build_files: paths[%zu] is %s", i, paths[i] ? "empty" : "NULL");
            return GC_ERR_ARGUMENT;
        }
    if (!opt) return GC_OK;
    if ((unsigned)opt->language >= GC_LANG_COUNT) {
        gc_set_last_error("gc_module_build_files: language %d is not a gc_language", (int)opt->language);
        return GC_ERR_ARGUMENT;
    }
    if (opt->n_include_dirs > MAX_INCLUDE_DIRS || (opt->n_include_dirs && !opt->include_dirs)) {
        gc_set_last_error("gc_module_build_files: %zu include directories%s (at most %d)", opt->n_include_dirs,
                          opt->include_dirs ? "" : " but include_dirs is NULL", MAX_INCLUDE_DIRS);
        return GC_ERR_ARGUMENT;
    }
    for (size_t i = 0; i < opt->n_include_dirs; i++)
        if (!opt->include_dirs[i] || !*opt->include_dirs[i]) {
            gc_set_last_error("gc_module_build_files: include_dirs[%zu] is %s", i,
                              opt->include_dirs[i] ? "empty" : "NULL");
            return GC_ERR_ARGUMENT;
        }
    return GC_OK;
}

gc_status gc_module_build_files(gc_device *dev, const char *const *paths, size_t n_paths,
                                const gc_file_build_options *opt, gc_module **out, char **log) {
    if (out) *out = NULL;
    if (log) *log = NULL;
    if (!dev || !out) {
        gc_set_last_error("gc_module_build_files: %s is NULL", dev ? "out" : "dev");
        return GC_ERR_ARGUMENT;
    }
    gc_status st = check_file_args(paths, n_paths, opt);
    if (st != GC_OK) return st;
    gc_language lang = opt && opt->language != GC_LANG_AUTO ? opt->language : gc_language_of_path(paths[0]);
    if (lang == GC_LANG_AUTO) {
        gc_set_last_error("%s: no language by its extension (.cu CUDA C++, .cl OpenCL C, .gc the dialect): "
                          "name one in gc_file_build_options.language",
                          paths[0]);
        return GC_ERR_ARGUMENT;
    }
    const gc_device_info *info = gc_device_get_info(dev);
    if (lang == GC_LANG_CUDA) st = backend_suits(info, GC_BACKEND_CUDA, paths[0], "CUDA C++", "NVRTC builds for");
    if (lang == GC_LANG_OPENCL_C) st = backend_suits(info, GC_BACKEND_OPENCL, paths[0], "OpenCL C", "builds for");
    if (st != GC_OK) return st;

    gc_source_file_options so = {opt ? opt->include_dirs : NULL, opt ? opt->n_include_dirs : 0,
                                 lang == GC_LANG_DIALECT};
    char *text = NULL;
    if ((st = gc_source_expand_files(paths, n_paths, &so, &text)) != GC_OK) return st;
    gc_build_options bo = {opt ? opt->defines : NULL, opt ? opt->n_defines : 0, opt ? opt->no_cache : 0};
    char *local_log = NULL;
    st = gc_device_build_source(dev, paths[0], text, &bo, out, &local_log);
    free(text);
    if (log) *log = local_log;
    else free(local_log);
    return st;
}

gc_status gc_module_build_file(gc_device *dev, const char *path, const gc_file_build_options *opt, gc_module **out,
                               char **log) {
    const char *one[1] = {path};
    return gc_module_build_files(dev, one, 1, opt, out, log);
}

/* ---- prebuilt binaries ------------------------------------------------------------ */

const char *gc_binary_format_name(gc_binary_format f) {
    static const char *const names[GC_BINARY_COUNT] = {"auto", "cubin", "ptx", "fatbin", "spirv", "opencl-binary"};
    return (unsigned)f < GC_BINARY_COUNT ? names[f] : "?";
}

/* PTX is text that declares its ISA version before any code. */
static int looks_like_ptx(const unsigned char *b, size_t len) {
    size_t n = len < 4096 ? len : 4096;
    for (size_t i = 0; i < n; i++)
        if (b[i] == 0 ? i + 1 != len : b[i] > 0x7e || (b[i] < 0x20 && b[i] != '\n' && b[i] != '\t' && b[i] != '\r'))
            return 0;
    char head[4097];
    memcpy(head, b, n);
    head[n] = '\0';
    return strstr(head, ".version") != NULL;
}

gc_binary_format gc_binary_format_detect(const void *bytes, size_t len, gc_backend_kind backend) {
    const unsigned char *b = bytes;
    if (!b) {
        gc_set_last_error("gc_binary_format_detect: bytes is NULL");
        return GC_BINARY_AUTO;
    }
    if (len >= 4 && (memcmp(b, "\x03\x02\x23\x07", 4) == 0 || memcmp(b, "\x07\x23\x02\x03", 4) == 0))
        return GC_BINARY_SPIRV;
    if (backend != GC_BACKEND_CUDA) return GC_BINARY_OPENCL;
    if (len < 4) return GC_BINARY_AUTO;
    if (memcmp(b, "\x7f" "ELF", 4) == 0) return GC_BINARY_CUBIN;
    if (memcmp(b, "\x50\xed\x55\xba", 4) == 0) return GC_BINARY_FATBIN;
    return looks_like_ptx(b, len) ? GC_BINARY_PTX : GC_BINARY_AUTO;
}

static gc_status load_checked(gc_device *dev, const char *label, gc_binary_format format, const void *bytes,
                              size_t len, const char *options, gc_module **out, char **log) {
    if ((unsigned)format >= GC_BINARY_COUNT) {
        gc_set_last_error("gc_module_load_binary: format %d is not a gc_binary_format", (int)format);
        return GC_ERR_ARGUMENT;
    }
    if (len == 0) {
        gc_set_last_error("%s: an empty binary", label);
        return GC_ERR_ARGUMENT;
    }
    const gc_device_info *info = gc_device_get_info(dev);
    if (format == GC_BINARY_AUTO && (format = gc_binary_format_detect(bytes, len, info->backend)) == GC_BINARY_AUTO) {
        gc_set_last_error("%s: neither a CUBIN (ELF), a fatbin nor PTX text: name its format", label);
        return GC_ERR_ARGUMENT;
    }
    int cuda = format == GC_BINARY_CUBIN || format == GC_BINARY_PTX || format == GC_BINARY_FATBIN;
    static const char *const what_of[GC_BINARY_COUNT] = {"", "a CUBIN", "PTX", "a fatbin", "SPIR-V",
                                                          "an OpenCL program binary"};
    const char *what = what_of[format];
    gc_status st = backend_suits(info, cuda ? GC_BACKEND_CUDA : GC_BACKEND_OPENCL, label, what,
                                 "loads on");
    if (st != GC_OK) return st;
    if (!options) options = "";
    if (cuda && *options) {
        gc_set_last_error("%s: CUDA binaries take no build options (got \"%s\")", label, options);
        return GC_ERR_ARGUMENT;
    }
    return gc_device_load_binary(dev, format, bytes, len, options, out, log);
}

gc_status gc_module_load_binary(gc_device *dev, gc_binary_format format, const void *bytes, size_t len,
                                const char *options, gc_module **out, char **log) {
    if (out) *out = NULL;
    if (log) *log = NULL;
    if (!dev || !bytes || !out) {
        gc_set_last_error("gc_module_load_binary: %s is NULL", !dev ? "dev" : !bytes ? "bytes" : "out");
        return GC_ERR_ARGUMENT;
    }
    return load_checked(dev, "(binary)", format, bytes, len, options, out, log);
}

gc_status gc_module_load_binary_file(gc_device *dev, const char *path, gc_binary_format format, const char *options,
                                     gc_module **out, char **log) {
    if (out) *out = NULL;
    if (log) *log = NULL;
    if (!dev || !path || !out) {
        gc_set_last_error("gc_module_load_binary_file: %s is NULL", !dev ? "dev" : !path ? "path" : "out");
        return GC_ERR_ARGUMENT;
    }
    if (format == GC_BINARY_AUTO) {
        if (ends_with(path, ".cubin")) format = GC_BINARY_CUBIN;
        else if (ends_with(path, ".ptx")) format = GC_BINARY_PTX;
        else if (ends_with(path, ".fatbin")) format = GC_BINARY_FATBIN;
        else if (ends_with(path, ".spv")) format = GC_BINARY_SPIRV;
    }
    char *bytes = NULL, err[160];
    size_t len = 0;
    if (gc_file_read_regular(path, MAX_BINARY_BYTES, &bytes, &len, err, sizeof err) != 0) {
        gc_set_last_error("%s: %s", path, err);
        return strstr(err, "No such") || strstr(err, "ermission") ? GC_ERR_NOT_FOUND : GC_ERR_ARGUMENT;
    }
    gc_status st = load_checked(dev, path, format, bytes, len, options, out, log);
    free(bytes);
    return st;
}
