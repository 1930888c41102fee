/* SPDX-License-Identifier: Apache-2.0 */
/* opencl_probe.c — enumerate every device of every OpenCL platform and describe it:
 * gc_device_info for the device layer, and the facts (ids, SVM mode, atomics flavour)
 * that the other backend entries need.
 *
 * Nothing here assumes a vendor: every optional query is guarded by the device
 * version or the extension that defines it, and a query a driver refuses leaves the
 * field at its documented "unknown" value rather than failing the probe. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/opencl_api.h" /* first: it sets up the CL headers */
#include "backend/caps.h"

#include <CL/cl_ext.h>

static gc_cl_device *devices;
static size_t n_devices;

const gc_cl_device *gc_cl_device_at(size_t i) { return i < n_devices ? &devices[i] : NULL; }

/* ---- query helpers: a refused query yields 0 / "" ---------------------------------- */

/* A malloc'd, NUL-terminated copy of a string query, trailing blanks removed; NULL if
 * the query is refused or memory is short. */
static char *dev_str_alloc(cl_device_id d, cl_device_info p) {
    size_t n = 0;
    if (gc_cl.clGetDeviceInfo(d, p, 0, NULL, &n) != CL_SUCCESS) return NULL;
    char *s = malloc(n + 1);
    if (!s) return NULL;
    if (gc_cl.clGetDeviceInfo(d, p, n, s, NULL) != CL_SUCCESS) {
        free(s);
        return NULL;
    }
    s[n] = '\0';
    size_t len = strlen(s);
    while (len > 0 && isspace((unsigned char)s[len - 1])) s[--len] = '\0';
    return s;
}

/* Copy into a fixed info field, cutting what does not fit (driver strings can be
 * longer than the field: PoCL's platform version is). */
static void copy_trunc(char *dst, size_t len, const char *src) {
    size_t n = src ? strlen(src) : 0;
    if (n >= len) n = len - 1;
    if (n) memcpy(dst, src, n);
    dst[n] = '\0';
}

static void dev_str(cl_device_id d, cl_device_info p, char *dst, size_t len) {
    char *s = dev_str_alloc(d, p);
    copy_trunc(dst, len, s);
    free(s);
}

static void plat_str(cl_platform_id pl, cl_platform_info p, char *dst, size_t len) {
    size_t n = 0;
    dst[0] = '\0';
    if (gc_cl.clGetPlatformInfo(pl, p, 0, NULL, &n) != CL_SUCCESS || n == 0) return;
    char *s = malloc(n + 1);
    if (!s) return;
    if (gc_cl.clGetPlatformInfo(pl, p, n, s, NULL) == CL_SUCCESS) {
        s[n] = '\0';
        copy_trunc(dst, len, s);
    }
    free(s);
}

static cl_ulong dev_ulong(cl_device_id d, cl_device_info p) {
    cl_ulong v = 0;
    return gc_cl.clGetDeviceInfo(d, p, sizeof v, &v, NULL) == CL_SUCCESS ? v : 0;
}
static cl_uint dev_uint(cl_device_id d, cl_device_info p) {
    cl_uint v = 0;
    return gc_cl.clGetDeviceInfo(d, p, sizeof v, &v, NULL) == CL_SUCCESS ? v : 0;
}
static size_t dev_size(cl_device_id d, cl_device_info p) {
    size_t v = 0;
    return gc_cl.clGetDeviceInfo(d, p, sizeof v, &v, NULL) == CL_SUCCESS ? v : 0;
}

/* Whether a space-separated list (CL_DEVICE_EXTENSIONS) holds exactly this token. */
static int has_token(const char *list, const char *tok) {
    size_t n = strlen(tok);
    for (const char *p = list; p && *p;) {
        while (*p == ' ') p++;
        const char *end = p;
        while (*end && *end != ' ') end++;
        if ((size_t)(end - p) == n && memcmp(p, tok, n) == 0) return 1;
        p = end;
    }
    return 0;
}

/* A cl_name_version array query (OpenCL 3.0); *count 0 when refused. Caller frees. */
static cl_name_version *dev_name_versions(cl_device_id d, cl_device_info p, size_t *count) {
    size_t n = 0;
    *count = 0;
    if (gc_cl.clGetDeviceInfo(d, p, 0, NULL, &n) != CL_SUCCESS || n < sizeof(cl_name_version))
        return NULL;
    cl_name_version *v = malloc(n);
    if (!v) return NULL;
    if (gc_cl.clGetDeviceInfo(d, p, n, v, NULL) != CL_SUCCESS) {
        free(v);
        return NULL;
    }
    *count = n / sizeof(cl_name_version);
    return v;
}

/* "OpenCL 3.0 PoCL ..." / "OpenCL C 1.2 ..." → major, minor (0.0 when unparsable). */
static void parse_version(const char *s, const char *prefix, unsigned *major, unsigned *minor) {
    *major = *minor = 0;
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) != 0 || sscanf(s + n, "%u.%u", major, minor) != 2)
        *major = *minor = 0;
}

static int version_ge(unsigned ma, unsigned mi, unsigned want_ma, unsigned want_mi) {
    return ma > want_ma || (ma == want_ma && mi >= want_mi);
}

/* ---- one device ---------------------------------------------------------------------- */

/* Who the device is: id, names, versions, CPU or GPU. */
static void describe_identity(cl_platform_id pl, cl_device_id d, unsigned pi, unsigned di, gc_device_info *inf,
                              gc_cl_device *e) {
    snprintf(inf->id, sizeof inf->id, "opencl:%u:%u", pi, di);
    inf->backend = GC_BACKEND_OPENCL;
    dev_str(d, CL_DEVICE_NAME, inf->name, sizeof inf->name);
    dev_str(d, CL_DEVICE_VENDOR, inf->vendor, sizeof inf->vendor);
    plat_str(pl, CL_PLATFORM_NAME, inf->platform, sizeof inf->platform);
    dev_str(d, CL_DEVICE_VERSION, inf->device_version, sizeof inf->device_version);
    dev_str(d, CL_DRIVER_VERSION, inf->driver_version, sizeof inf->driver_version);
    char plat_version[GC_INFO_STR];
    plat_str(pl, CL_PLATFORM_VERSION, plat_version, sizeof plat_version);
    copy_trunc(inf->runtime_version, sizeof inf->runtime_version, plat_version);
    parse_version(plat_version, "OpenCL ", &e->platform_major, &e->platform_minor);

    cl_device_type type = 0;
    if (gc_cl.clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL) != CL_SUCCESS) type = 0;
    inf->is_gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
    inf->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
}

/* Its sizes: compute units, clock, memories, work-group and work-item limits. */
static void describe_limits(cl_device_id d, gc_device_info *inf) {
    inf->compute_units = dev_uint(d, CL_DEVICE_MAX_COMPUTE_UNITS);
    inf->clock_mhz = dev_uint(d, CL_DEVICE_MAX_CLOCK_FREQUENCY);
    inf->global_mem_bytes = dev_ulong(d, CL_DEVICE_GLOBAL_MEM_SIZE);
    inf->local_mem_bytes = dev_ulong(d, CL_DEVICE_LOCAL_MEM_SIZE);
    inf->max_alloc_bytes = dev_ulong(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    /* OpenCL names one level: the global-memory cache, which is the L2 on GPUs (on a
     * CPU device it is whatever cache the runtime reports, usually the last level). */
    inf->l2_cache_bytes = dev_ulong(d, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
    inf->max_work_group_size = dev_size(d, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    cl_uint dims = dev_uint(d, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
    if (dims >= 1) {
        size_t sizes[16] = {0};
        if (dims > 16) dims = 16;
        if (gc_cl.clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, dims * sizeof(size_t), sizes,
                                  NULL) == CL_SUCCESS) {
            for (unsigned i = 0; i < 3 && i < dims; i++) inf->max_work_item_sizes[i] = sizes[i];
        }
    }
    /* OpenCL bounds the global size only by size_t: max_groups stays 0 (unbounded). */
}

/* The OpenCL C features of a 3.0 device that the capabilities depend on. */
typedef struct {
    int subgroups, scope_device, scope_all_devices;
} c_features;

/* The OpenCL C standard to compile with (inf->arch, opencl_c_major/minor), and its
 * features. A 3.0 device reports OpenCL C 1.2 in CL_DEVICE_OPENCL_C_VERSION for old
 * applications (PoCL, NVIDIA) and lists 3.0 in CL_DEVICE_OPENCL_C_ALL_VERSIONS. */
static c_features describe_c_standard(cl_device_id d, gc_device_info *inf, int have_30, const char *c_version) {
    unsigned c_major, c_minor;
    parse_version(c_version, "OpenCL C ", &c_major, &c_minor);
    size_t n_all = 0, n_feat = 0;
    cl_name_version *all = have_30 ? dev_name_versions(d, CL_DEVICE_OPENCL_C_ALL_VERSIONS, &n_all) : NULL;
    cl_name_version *feat = have_30 ? dev_name_versions(d, CL_DEVICE_OPENCL_C_FEATURES, &n_feat) : NULL;
    int lists_c30 = 0;
    for (size_t i = 0; i < n_all; i++)
        if (CL_VERSION_MAJOR(all[i].version) == 3) lists_c30 = 1;
    unsigned arch_major, arch_minor;
    if (lists_c30 || c_major >= 3) {
        arch_major = 3, arch_minor = 0;
    } else if (c_major == 2) {
        arch_major = 2, arch_minor = 0;
    } else if (c_major == 1 && c_minor <= 2) {
        arch_major = 1, arch_minor = c_minor;
    } else {
        arch_major = 1, arch_minor = 2; /* unparsable: the common denominator */
    }
    snprintf(inf->arch, sizeof inf->arch, "CL%u.%u", arch_major, arch_minor);
    inf->opencl_c_major = arch_major;
    inf->opencl_c_minor = arch_minor;
    c_features f = {0, 0, 0};
    for (size_t i = 0; arch_major >= 3 && i < n_feat; i++) {
        if (strcmp(feat[i].name, "__opencl_c_subgroups") == 0) f.subgroups = 1;
        if (strcmp(feat[i].name, "__opencl_c_atomic_scope_device") == 0) f.scope_device = 1;
        if (strcmp(feat[i].name, "__opencl_c_atomic_scope_all_devices") == 0) f.scope_all_devices = 1;
    }
    free(all);
    free(feat);
    return f;
}

/* Atomic and fence capabilities: the 3.0 queries, else the spec's equivalents. A 3.0
 * driver that refuses the query gets the mandated minimum. Then the compiler banner,
 * which names the atomics chosen. */
static void describe_atomics(cl_device_id d, gc_device_info *inf, gc_cl_device *e, int have_30, c_features f,
                             const char *c_version) {
    unsigned arch_major = inf->opencl_c_major;
    cl_ulong mem_caps = 0, fence_caps = 0;
    if (have_30) {
        cl_device_atomic_capabilities v = 0;
        mem_caps = gc_cl.clGetDeviceInfo(d, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof v, &v, NULL) == CL_SUCCESS
                       ? v
                       : (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
        v = 0;
        fence_caps = gc_cl.clGetDeviceInfo(d, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof v, &v, NULL) == CL_SUCCESS
                         ? v
                         : (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                            CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
    }
    gc_caps *caps = &inf->caps;
    gc_caps_from_opencl(caps, have_30, mem_caps, fence_caps, arch_major);
    e->legacy_atomics = gc_caps_opencl_legacy_atomics(have_30, mem_caps, arch_major);
    gc_caps_opencl_scope_features(caps, arch_major, e->legacy_atomics, f.scope_device, f.scope_all_devices);
    /* A driver string that does not fit is cut (snprintf), which is all a banner needs. */
    int written = snprintf(inf->compiler_version, sizeof inf->compiler_version,
                     "OpenCL C %u.%u (-cl-std=%s%s); device reports \"%s\"", arch_major, inf->opencl_c_minor,
                     inf->arch, e->legacy_atomics ? ", OpenCL 1.2 atomics" : "", c_version);
    if (written < 0) inf->compiler_version[0] = '\0';
}

/* Sub-groups: cl_khr_subgroups, or the OpenCL C 3.0 feature, and a device that says it
 * forms them (NVIDIA's OpenCL reports 0 sub-groups per work-group). The count query exists
 * from OpenCL 2.1; a 2.0 device with the extension is trusted. */
static void describe_sub_groups(cl_device_id d, gc_caps *caps, const char *ext, c_features f, unsigned dev_major,
                                unsigned dev_minor) {
    int khr_subgroups = has_token(ext, "cl_khr_subgroups");
    if (khr_subgroups || f.subgroups) {
        int count_known = version_ge(dev_major, dev_minor, 2, 1);
        cl_uint max_sg = count_known ? dev_uint(d, CL_DEVICE_MAX_NUM_SUB_GROUPS) : 0;
        caps->sub_groups = max_sg > 0 || (!count_known && khr_subgroups);
    }
    if (!caps->sub_groups) return;
    /* The sizes are a vendor query; without one they stay unknown (0 entries) and
     * kernels ask gc_sub_group_max_size() at run time. */
    if (has_token(ext, "cl_intel_required_subgroup_size")) {
        /* PoCL 5 lists 10 sizes: ask with room for many, keep what the table holds. */
        size_t sz[64] = {0}, got = 0;
        const size_t keep = sizeof caps->sub_group_sizes / sizeof caps->sub_group_sizes[0];
        if (gc_cl.clGetDeviceInfo(d, CL_DEVICE_SUB_GROUP_SIZES_INTEL, sizeof sz, sz, &got) == CL_SUCCESS) {
            for (size_t i = 0; i < got / sizeof sz[0] && i < keep; i++)
                caps->sub_group_sizes[caps->n_sub_group_sizes++] = (unsigned)sz[i];
        }
    } else if (has_token(ext, "cl_amd_device_attribute_query")) {
        cl_uint w = dev_uint(d, CL_DEVICE_WAVEFRONT_WIDTH_AMD);
        if (w) caps->sub_group_sizes[caps->n_sub_group_sizes++] = w;
    }
}

/* Non-uniform work-groups: mandatory in 2.x, optional in 3.0, absent in 1.x; and only for
 * programs compiled as OpenCL C 2.0 or later. Host-mapped memory: fine-grained system SVM
 * (any host allocation), else fine-grained buffer SVM with SVM atomics (clSVMAlloc memory
 * the host and the device both use at once, atomics included). Coarse-grained SVM needs
 * map/unmap around every host access and does not qualify. */
static void describe_memory_model(cl_device_id d, gc_device_info *inf, gc_cl_device *e, int have_30,
                                  unsigned dev_major) {
    gc_caps *caps = &inf->caps;
    if (inf->opencl_c_major >= 2) {
        if (have_30) {
            cl_bool nu = CL_FALSE;
            if (gc_cl.clGetDeviceInfo(d, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof nu, &nu, NULL) != CL_SUCCESS)
                nu = CL_FALSE;
            caps->non_uniform_work_groups = nu == CL_TRUE;
        } else {
            caps->non_uniform_work_groups = dev_major >= 2;
        }
    }
    if (dev_major >= 2 && gc_cl.clSVMAlloc && gc_cl.clSVMFree && gc_cl.clSetKernelArgSVMPointer) {
        cl_device_svm_capabilities svm = 0;
        if (gc_cl.clGetDeviceInfo(d, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, NULL) != CL_SUCCESS) svm = 0;
        if (svm & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM)
            e->svm = GC_CL_SVM_SYSTEM;
        else if ((svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) && (svm & CL_DEVICE_SVM_ATOMICS))
            e->svm = GC_CL_SVM_FINE_BUFFER;
    }
    caps->host_mapped_memory = e->svm != GC_CL_SVM_NONE;
}

static void describe(cl_platform_id pl, cl_device_id d, unsigned pi, unsigned di,
                     gc_device_info *inf, gc_cl_device *e) {
    memset(inf, 0, sizeof *inf);
    memset(e, 0, sizeof *e);
    e->platform = pl;
    e->device = d;
    describe_identity(pl, d, pi, di, inf, e);
    describe_limits(d, inf);
    unsigned dev_major, dev_minor;
    parse_version(inf->device_version, "OpenCL ", &dev_major, &dev_minor);
    int have_30 = dev_major >= 3;
    char c_version[GC_INFO_STR];
    dev_str(d, CL_DEVICE_OPENCL_C_VERSION, c_version, sizeof c_version);
    c_features f = describe_c_standard(d, inf, have_30, c_version);
    describe_atomics(d, inf, e, have_30, f, c_version);
    char *ext = dev_str_alloc(d, CL_DEVICE_EXTENSIONS);
    inf->caps.int64_atomics = has_token(ext, "cl_khr_int64_base_atomics") &&
                              has_token(ext, "cl_khr_int64_extended_atomics");
    describe_sub_groups(d, &inf->caps, ext, f, dev_major, dev_minor);
    free(ext);
    describe_memory_model(d, inf, e, have_30, dev_major);
    /* OpenCL's atomic_inc has no bound operand: a bounded increment is a CAS loop. */
    inf->caps.native_bounded_atomic_inc = 0;
}

/* ---- all devices ----------------------------------------------------------------------- */

gc_status gc_cl_probe(gc_device_info *infos, size_t max, size_t *count, char *why, size_t why_len) {
    gc_status st = GC_OK;
    cl_platform_id *plats = NULL;
    cl_device_id *devs = NULL;
    *count = 0;
    free(devices);
    devices = NULL;
    n_devices = 0;

    st = gc_cl_load(why, why_len);
    if (st != GC_OK) goto out;

    cl_uint n_plat = 0;
    cl_int err = gc_cl.clGetPlatformIDs(0, NULL, &n_plat);
    if (err != CL_SUCCESS || n_plat == 0) {
        /* The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no ICD is registered. */
        snprintf(why, why_len, "no OpenCL platform: clGetPlatformIDs: %s (%d), %u platforms",
                 gc_cl_error_name(err), (int)err, (unsigned)n_plat);
        st = GC_ERR_UNAVAILABLE;
        goto out;
    }
    plats = calloc(n_plat, sizeof *plats);
    devices = calloc(max ? max : 1, sizeof *devices);
    if (!plats || !devices) {
        st = GC_ERR_NO_MEMORY;
        goto out;
    }
    err = gc_cl.clGetPlatformIDs(n_plat, plats, NULL);
    if (err != CL_SUCCESS) {
        snprintf(why, why_len, "clGetPlatformIDs failed: %s (%d)", gc_cl_error_name(err), (int)err);
        st = GC_ERR_UNAVAILABLE;
        goto out;
    }
    /* Ids are positions in the platform list and in each platform's device list, so
     * they stay the same from run to run on one machine. A platform that fails to
     * list its devices keeps its number and contributes none. */
    for (cl_uint p = 0; p < n_plat; p++) {
        cl_uint n_dev = 0;
        if (gc_cl.clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &n_dev) != CL_SUCCESS || n_dev == 0)
            continue;
        free(devs);
        devs = calloc(n_dev, sizeof *devs);
        if (!devs) {
            st = GC_ERR_NO_MEMORY;
            goto out;
        }
        if (gc_cl.clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, n_dev, devs, NULL) != CL_SUCCESS) continue;
        for (cl_uint i = 0; i < n_dev && n_devices < max; i++) {
            describe(plats[p], devs[i], p, i, &infos[n_devices], &devices[n_devices]);
            n_devices++;
        }
    }
    if (n_devices == 0) {
        snprintf(why, why_len, "%u OpenCL platform(s) but no device", (unsigned)n_plat);
        st = GC_ERR_UNAVAILABLE;
        goto out;
    }
    *count = n_devices;
out:
    free(plats);
    free(devs);
    if (st != GC_OK) {
        free(devices);
        devices = NULL;
        n_devices = 0;
    }
    return st;
}
