/* A vertex input declared of another kind than its attribute's format, through the C
 * ABI: a GLSL vertex stage taking `vec2 position` is drawn once with a UINT16 attribute
 * there (integers, which Vulkan leaves undefined for a float input) and once with a
 * FLOAT32 one. The first submission fails with a message naming the location, the format
 * and the declared type; the second draws. Prints one line each. */
#include "common.h"

static const char *const POSITION =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n";

static const char *const GREEN =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* UINT16 in HSvertexComponent's numbering. */
#define UINT16_COMPONENTS 8u

static HSresult draw_with(HSDevice *device, HSQueue *queue, HSProgram *program,
                          HSTexture *target, HSBuffer *vertices, HSvertexComponent kind) {
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    HSVertexStream streams[1] = {{8, 0}};
    CHECK(hsCommandBufferSetVertexStreams(&commands, 1, streams));
    HSVertexAttribute attributes[1] = {{0, 0, kind, 2, 0}};
    CHECK(hsCommandBufferSetVertexAttributes(&commands, 1, attributes));
    const HSTexture *colors[1] = {target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    CHECK(hsCommandBufferBindVertexBuffer(&commands, 0, vertices, 0, sizeof FULL_TRIANGLE));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSresult result = hsQueueSubmitCommands(queue, 1, &handle);
    if (result == HS_SUCCESS) result = hsQueueFinish(queue);
    CHECK(hsCommandBufferFinalize(&commands));
    return result;
}

int main(void) {
    HSDevice device;
    open_device(&device);
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, FULL_TRIANGLE, sizeof FULL_TRIANGLE));
    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, 8, 8);
    HSBuffer vertices;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof FULL_TRIANGLE);
    HSProgram program;
    make_program(&program, &device, POSITION, GREEN);
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));

    struct message_log *log = message_log();
    int before = log->count;
    HSresult refused =
        draw_with(&device, &queue, &program, &target, &vertices, UINT16_COMPONENTS);
    printf("uint16 draw: %d, %d message(s): %s\n", (int)refused, log->count - before,
           log->count > before ? log->message : "(none)");
    HSresult drawn =
        draw_with(&device, &queue, &program, &target, &vertices, HS_VERTEX_COMPONENT_FLOAT32);
    printf("float32 draw: %d\n", (int)drawn);
    check_validation(&device);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return refused != HS_SUCCESS && drawn == HS_SUCCESS ? 0 : 1;
}
