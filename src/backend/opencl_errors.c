/* SPDX-License-Identifier: Apache-2.0 */
/* opencl_errors.c — names of OpenCL error codes, so that every driver error is
 * reported as "CL_INVALID_KERNEL_ARGS (-52)" rather than a bare number. The codes are
 * the values CL/cl.h and the Khronos extension headers define; they are written as
 * numbers here so that the table does not depend on which header version is
 * installed. */
#include "backend/opencl_api.h"

static const struct {
    cl_int code;
    const char *name;
} names[] = {
    {0, "CL_SUCCESS"},
    {-1, "CL_DEVICE_NOT_FOUND"},
    {-2, "CL_DEVICE_NOT_AVAILABLE"},
    {-3, "CL_COMPILER_NOT_AVAILABLE"},
    {-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
    {-5, "CL_OUT_OF_RESOURCES"},
    {-6, "CL_OUT_OF_HOST_MEMORY"},
    {-7, "CL_PROFILING_INFO_NOT_AVAILABLE"},
    {-8, "CL_MEM_COPY_OVERLAP"},
    {-9, "CL_IMAGE_FORMAT_MISMATCH"},
    {-10, "CL_IMAGE_FORMAT_NOT_SUPPORTED"},
    {-11, "CL_BUILD_PROGRAM_FAILURE"},
    {-12, "CL_MAP_FAILURE"},
    {-13, "CL_MISALIGNED_SUB_BUFFER_OFFSET"},
    {-14, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST"},
    {-15, "CL_COMPILE_PROGRAM_FAILURE"},
    {-16, "CL_LINKER_NOT_AVAILABLE"},
    {-17, "CL_LINK_PROGRAM_FAILURE"},
    {-18, "CL_DEVICE_PARTITION_FAILED"},
    {-19, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE"},
    {-30, "CL_INVALID_VALUE"},
    {-31, "CL_INVALID_DEVICE_TYPE"},
    {-32, "CL_INVALID_PLATFORM"},
    {-33, "CL_INVALID_DEVICE"},
    {-34, "CL_INVALID_CONTEXT"},
    {-35, "CL_INVALID_QUEUE_PROPERTIES"},
    {-36, "CL_INVALID_COMMAND_QUEUE"},
    {-37, "CL_INVALID_HOST_PTR"},
    {-38, "CL_INVALID_MEM_OBJECT"},
    {-39, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"},
    {-40, "CL_INVALID_IMAGE_SIZE"},
    {-41, "CL_INVALID_SAMPLER"},
    {-42, "CL_INVALID_BINARY"},
    {-43, "CL_INVALID_BUILD_OPTIONS"},
    {-44, "CL_INVALID_PROGRAM"},
    {-45, "CL_INVALID_PROGRAM_EXECUTABLE"},
    {-46, "CL_INVALID_KERNEL_NAME"},
    {-47, "CL_INVALID_KERNEL_DEFINITION"},
    {-48, "CL_INVALID_KERNEL"},
    {-49, "CL_INVALID_ARG_INDEX"},
    {-50, "CL_INVALID_ARG_VALUE"},
    {-51, "CL_INVALID_ARG_SIZE"},
    {-52, "CL_INVALID_KERNEL_ARGS"},
    {-53, "CL_INVALID_WORK_DIMENSION"},
    {-54, "CL_INVALID_WORK_GROUP_SIZE"},
    {-55, "CL_INVALID_WORK_ITEM_SIZE"},
    {-56, "CL_INVALID_GLOBAL_OFFSET"},
    {-57, "CL_INVALID_EVENT_WAIT_LIST"},
    {-58, "CL_INVALID_EVENT"},
    {-59, "CL_INVALID_OPERATION"},
    {-60, "CL_INVALID_GL_OBJECT"},
    {-61, "CL_INVALID_BUFFER_SIZE"},
    {-62, "CL_INVALID_MIP_LEVEL"},
    {-63, "CL_INVALID_GLOBAL_WORK_SIZE"},
    {-64, "CL_INVALID_PROPERTY"},
    {-65, "CL_INVALID_IMAGE_DESCRIPTOR"},
    {-66, "CL_INVALID_COMPILER_OPTIONS"},
    {-67, "CL_INVALID_LINKER_OPTIONS"},
    {-68, "CL_INVALID_DEVICE_PARTITION_COUNT"},
    {-69, "CL_INVALID_PIPE_SIZE"},
    {-70, "CL_INVALID_DEVICE_QUEUE"},
    {-71, "CL_INVALID_SPEC_ID"},
    {-72, "CL_MAX_SIZE_RESTRICTION_EXCEEDED"},
    /* Khronos extensions (cl_gl.h, cl_ext.h, cl_egl.h). */
    {-1000, "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR"},
    {-1001, "CL_PLATFORM_NOT_FOUND_KHR"},
    {-1057, "CL_DEVICE_PARTITION_FAILED_EXT"},
    {-1058, "CL_INVALID_PARTITION_COUNT_EXT"},
    {-1059, "CL_INVALID_PARTITION_NAME_EXT"},
    {-1092, "CL_EGL_RESOURCE_NOT_ACQUIRED_KHR"},
    {-1093, "CL_INVALID_EGL_OBJECT_KHR"},
    {-1094, "CL_INVALID_ACCELERATOR_INTEL"},
    {-1095, "CL_INVALID_ACCELERATOR_TYPE_INTEL"},
    {-1096, "CL_INVALID_ACCELERATOR_DESCRIPTOR_INTEL"},
    {-1097, "CL_ACCELERATOR_TYPE_NOT_SUPPORTED_INTEL"},
    {-1108, "CL_COMMAND_TERMINATED_ITSELF_WITH_FAILURE_ARM"},
    {-1121, "CL_CONTEXT_TERMINATED_KHR"},
    {-1138, "CL_INVALID_COMMAND_BUFFER_KHR"},
    {-1139, "CL_INVALID_SYNC_POINT_WAIT_LIST_KHR"},
    {-1140, "CL_INCOMPATIBLE_COMMAND_QUEUE_KHR"},
    {-1141, "CL_INVALID_MUTABLE_COMMAND_KHR"},
    {-1142, "CL_INVALID_SEMAPHORE_KHR"},
    /* Not in any header: NVIDIA's OpenCL returns it for a kernel that faulted (an
     * out-of-bounds access), the equivalent of CUDA_ERROR_ILLEGAL_ADDRESS. */
    {-9999, "CL_NV_KERNEL_ILLEGAL_ACCESS (NVIDIA, unofficial)"},
};

const char *gc_cl_error_name(cl_int err) {
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].code == err) return names[i].name;
    return "CL_UNKNOWN_ERROR";
}
