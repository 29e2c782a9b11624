/* What every example shares: checked calls, a device with the debug callback, a pool,
 * buffers, textures, a program from GLSL, and writing a read-back image to a file. */
#ifndef HOOKSHOT_EXAMPLES_COMMON_H
#define HOOKSHOT_EXAMPLES_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hookshot.h"

/* A vertex shader passing 2-float positions (location 0) through; bind_positions feeds it. */
static const char *const POSITION_VERTEX =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n";

/* A fragment shader drawing green (0, 255, 0, 255) into colour target 0. */
static const char *const GREEN_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* A fragment shader drawing the vec4 at the start of uniform buffer 0 into colour target 0. */
static const char *const TINT_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(std140, binding = 0) uniform Tint { vec4 tint; };\n"
    "void main() { colour = tint; }\n";

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

/* The error messages `log_message` (a debug callback) has counted, and the last one: for
 * the examples that check that a call fails with a message. */
struct message_log {
    int count;
    char function[128];
    char message[512];
};
static inline struct message_log *message_log(void) {
    static struct message_log messages;
    return &messages;
}
static inline void log_message(HSdebugSeverity severity, const char *function, const char *message,
                               void *user_data) {
    (void)user_data;
    if (severity != HS_DEBUG_SEVERITY_ERROR) return;
    struct message_log *messages = message_log();
    messages->count++;
    snprintf(messages->function, sizeof messages->function, "%s", function);
    snprintf(messages->message, sizeof messages->message, "%s", message);
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
/* The three corners of a triangle over the upper-left half of a target, in NVN's clip
 * space (y up: +1 is the target's first row). */
static const float HALF_TRIANGLE[6] = {-1.0f, 1.0f, 1.0f, 1.0f, -1.0f, -1.0f};

/* For examples whose geometry and CPU references count rows down as clip-space y grows
 * (Vulkan's clip space): deko3d's y axis down, set in each list that draws. */
static inline void vulkan_clip_space(const HSCommandBuffer *commands) {
    CHECK(hsCommandBufferSetClipYAxis(commands, HS_CLIP_Y_AXIS_DOWN));
}

/* One triangle over the whole of a target. */
static const float FULL_TRIANGLE[6] = {-1.0f, -1.0f, 3.0f, -1.0f, -1.0f, 3.0f};

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

/* Texture and sampler pools of 16 slots, `texture` (through `view`; NULL: all of it) in
 * texture slot 1 and a nearest-filtering `sampler` in sampler slot 1; returns the handle a
 * draw binds. */
static inline uint64_t make_nearest_tables(HSTexturePool *texture_pool,
                                           HSSamplerPool *sampler_pool, HSSampler *sampler,
                                           const HSDevice *device, const HSTexture *texture,
                                           const HSTextureView *view) {
    HSSamplerBuilder sampler_builder;
    CHECK(hsSamplerBuilderSetDefaults(&sampler_builder));
    CHECK(hsSamplerBuilderSetDevice(&sampler_builder, device));
    CHECK(hsSamplerBuilderSetMinMagFilter(&sampler_builder, HS_FILTER_NEAREST, HS_MIP_FILTER_NONE,
                                          HS_FILTER_NEAREST));
    CHECK(hsSamplerInitialize(sampler, &sampler_builder));
    CHECK(hsTexturePoolInitialize(texture_pool, device, 16));
    CHECK(hsSamplerPoolInitialize(sampler_pool, device, 16));
    CHECK(hsTexturePoolRegisterTexture(texture_pool, 1, texture, view));
    CHECK(hsSamplerPoolRegisterSampler(sampler_pool, 1, sampler));
    uint64_t handle_bits = 0;
    CHECK(hsDeviceGetTextureHandle(device, 1, 1, &handle_bits));
    return handle_bits;
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

/* A window of two `size_px` square RGBA8 textures made at the start of `pool`, 64 KiB
 * apart, presenting without waiting for vertical blanks; shown in `native` too unless it
 * is NULL. */
static inline void make_window(HSWindow *window, HSTexture textures[2], const HSDevice *device,
                               const HSMemoryPool *pool, uint32_t size_px,
                               const HSNativeWindow *native) {
    for (unsigned index = 0; index < 2; index++)
        make_texture_2d(&textures[index], device, pool, index * (64u << 10), HS_FORMAT_RGBA8,
                        size_px, size_px);
    HSWindowBuilder builder;
    CHECK(hsWindowBuilderSetDefaults(&builder));
    CHECK(hsWindowBuilderSetDevice(&builder, device));
    const HSTexture *window_textures[2] = {&textures[0], &textures[1]};
    CHECK(hsWindowBuilderSetTextures(&builder, 2, window_textures));
    CHECK(hsWindowBuilderSetPresentInterval(&builder, 0));
    if (native != NULL) CHECK(hsWindowBuilderSetNativeWindow(&builder, native));
    CHECK(hsWindowInitialize(window, &builder));
}

/* Ends what make_window made: the window, then its textures. */
static inline void finalize_window(HSWindow *window, HSTexture textures[2]) {
    CHECK(hsWindowFinalize(window));
    CHECK(hsTextureFinalize(&textures[1]));
    CHECK(hsTextureFinalize(&textures[0]));
}

/* Clears texture `index` of `window` (`textures`, as make_window made them) to `colour`
 * and presents it; the list's handle is released right after, as a frame's command memory
 * is reused. */
static inline void present_cleared(const HSCommandBuffer *commands, const HSQueue *queue,
                                   const HSWindow *window, const HSTexture textures[2],
                                   uint32_t index, const float colour[4]) {
    CHECK(hsCommandBufferBeginRecording(commands));
    const HSTexture *colors[1] = {&textures[index]};
    CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, NULL, NULL));
    CHECK(hsCommandBufferClearColor(commands, 0, colour, HS_CLEAR_COLOR_MASK_RGBA));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(commands, &handle));
    CHECK(hsQueueSubmitCommands(queue, 1, &handle));
    CHECK(hsQueuePresentTexture(queue, window, index));
    CHECK(hsCommandBufferClearCommands(commands));
}

/* The viewport and scissor of a `width_px` x `height_px` area from the origin. */
static inline void set_area(const HSCommandBuffer *commands, uint32_t width_px, uint32_t height_px) {
    HSViewport viewport = {0.0f, 0.0f, (float)width_px, (float)height_px, 0.0f, 1.0f};
    HSScissor scissor = {0, 0, width_px, height_px};
    CHECK(hsCommandBufferSetViewports(commands, 0, 1, &viewport));
    CHECK(hsCommandBufferSetScissors(commands, 0, 1, &scissor));
}

/* The output file an example writes its image to: its one argument. */
static inline const char *output_path(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT\n", argc > 0 ? argv[0] : "example");
        exit(1);
    }
    return argv[1];
}

/* The whole of the file `path`, in memory from malloc; its size in `size_b`. */
static inline void *read_file(const char *path, size_t *size_b) {
    FILE *file = fopen(path, "rb");
    if (file == NULL || fseek(file, 0, SEEK_END) != 0) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    long size = ftell(file);
    void *bytes = malloc(size > 0 ? (size_t)size : 1);
    rewind(file);
    if (size < 0 || bytes == NULL || fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(file);
    *size_b = (size_t)size;
    return bytes;
}

/* Writes `size_b` bytes to the file `path` (the test compares them with its reference). */
static inline void write_file(const char *path, const void *bytes, size_t size_b) {
    FILE *file = fopen(path, "wb");
    if (file == NULL || fwrite(bytes, 1, size_b, file) != size_b || fclose(file) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

/* Where a read-back lands: `size_b` bytes at `offset_b` of `pool`, through `buffer`. */
struct readback_at {
    const HSMemoryPool *pool;
    const HSBuffer *buffer;
    uint64_t offset_b;
    size_t size_b;
};

/* The tail of an example that draws one list: copies level 0 of `target` (`size_px`
 * square) into the read-back buffer, ends the recording, submits it on a queue of its
 * own and waits, writes the bytes read back to `out_path` for the test to compare, and
 * fails the example on any validation message. */
static inline void submit_and_write_readback(const HSCommandBuffer *cmd, const HSDevice *device,
                                             const HSTexture *target, uint32_t size_px,
                                             const struct readback_at *at,
                                             const char *out_path) {
    HSCopyRegion region = {0, 0, 0, size_px, size_px, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, target, 0, &region, at->buffer, 0, 0, 0));
    HScommandHandle list;
    CHECK(hsCommandBufferEndRecording(cmd, &list));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &list));
    CHECK(hsQueueFinish(&queue));
    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(at->pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + at->offset_b, at->size_b);
    check_validation(device);
    CHECK(hsQueueFinalize(&queue));
}

#endif
