/* What every example shares: checked calls, a device with the debug callback, a pool,
 * buffers, textures, a program from GLSL, and writing a read-back image to a file. */
#ifndef HOOKSHOT_EXAMPLES_COMMON_H
#define HOOKSHOT_EXAMPLES_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hookshot.h"

/* Every call is checked; a failure's message has already reached the debug callback. */
#define CHECK(call)                                                              \
    do {                                                                         \
        HSresult check_result_ = (call);                                         \
        if (check_result_ != HS_SUCCESS) {                                       \
            fprintf(stderr, "%s:%d: %s failed with %d\n", __FILE__, __LINE__,    \
                    #call, (int)check_result_);                                  \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

static inline void print_message(HSdebugSeverity severity, const char *function, const char *message,
                          void *user_data) {
    (void)user_data;
    fprintf(stderr, "hookshot [%u] %s: %s\n", severity, function, message);
}

/* A device with the environment's switches (RX_VK_*) and the printing callback. */
static inline void open_device(HSDevice *device) {
    HSDeviceBuilder builder;
    CHECK(hsDeviceBuilderSetDefaults(&builder));
    CHECK(hsDeviceInitialize(device, &builder));
    CHECK(hsDeviceInstallDebugCallback(device, print_message, NULL));
}

/* Fails the example when the validation layer reported anything. */
static inline void check_validation(const HSDevice *device) {
    uint64_t errors = 0;
    CHECK(hsDeviceGetValidationErrorCount(device, &errors));
    if (errors != 0) {
        fprintf(stderr, "%llu validation error(s)\n", (unsigned long long)errors);
        exit(2);
    }
}

static inline void make_pool(HSMemoryPool *pool, const HSDevice *device, uint64_t size_b) {
    HSMemoryPoolBuilder builder;
    CHECK(hsMemoryPoolBuilderSetDefaults(&builder));
    CHECK(hsMemoryPoolBuilderSetDevice(&builder, device));
    CHECK(hsMemoryPoolBuilderSetFlags(&builder, HS_MEMORY_POOL_FLAGS_CPU_CACHED |
                                                    HS_MEMORY_POOL_FLAGS_GPU_CACHED));
    CHECK(hsMemoryPoolBuilderSetSize(&builder, size_b));
    CHECK(hsMemoryPoolInitialize(pool, &builder));
}

static inline void make_buffer(HSBuffer *buffer, const HSDevice *device, const HSMemoryPool *pool,
                        uint64_t offset_b, uint64_t size_b) {
    HSBufferBuilder builder;
    CHECK(hsBufferBuilderSetDefaults(&builder));
    CHECK(hsBufferBuilderSetDevice(&builder, device));
    CHECK(hsBufferBuilderSetStorage(&builder, pool, offset_b, size_b));
    CHECK(hsBufferInitialize(buffer, &builder));
}

/* A single-level 2D texture of `format` at `offset_b` of `pool`. */
static inline void make_texture_2d(HSTexture *texture, const HSDevice *device, const HSMemoryPool *pool,
                            uint64_t offset_b, HSformat format, uint32_t width_px,
                            uint32_t height_px) {
    HSTextureBuilder builder;
    CHECK(hsTextureBuilderSetDefaults(&builder));
    CHECK(hsTextureBuilderSetDevice(&builder, device));
    CHECK(hsTextureBuilderSetFormat(&builder, format));
    CHECK(hsTextureBuilderSetSize2D(&builder, width_px, height_px));
    CHECK(hsTextureBuilderSetStorage(&builder, pool, offset_b));
    CHECK(hsTextureInitialize(texture, &builder));
}

/* A program of a vertex and a fragment shader in GLSL. */
static inline void make_program(HSProgram *program, const HSDevice *device, const char *vertex,
                         const char *fragment) {
    HSShaderData shaders[2] = {
        {HS_SHADER_STAGE_VERTEX, HS_SHADER_CODE_GLSL, vertex, strlen(vertex)},
        {HS_SHADER_STAGE_FRAGMENT, HS_SHADER_CODE_GLSL, fragment, strlen(fragment)},
    };
    CHECK(hsProgramInitialize(program, device));
    CHECK(hsProgramSetShaders(program, 2, shaders));
}

/* Vertex stream 0 of 2-float positions at location 0. */
static inline void bind_positions(const HSCommandBuffer *commands, const HSBuffer *positions,
                           uint64_t size_b) {
    HSVertexStream stream = {8, 0};
    HSVertexAttribute attribute = {0, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 0};
    CHECK(hsCommandBufferSetVertexStreams(commands, 1, &stream));
    CHECK(hsCommandBufferSetVertexAttributes(commands, 1, &attribute));
    CHECK(hsCommandBufferBindVertexBuffer(commands, 0, positions, 0, size_b));
}

/* Writes `size_b` bytes to the file `path` (the test compares them with its reference). */
static inline void write_file(const char *path, const void *bytes, size_t size_b) {
    FILE *file = fopen(path, "wb");
    if (file == NULL || fwrite(bytes, 1, size_b, file) != size_b || fclose(file) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

#endif
