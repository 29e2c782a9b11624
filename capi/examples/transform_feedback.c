/* Transform feedback through the C ABI. Nine vertices (three triangles) are drawn with a
 * vertex shader that captures (x, y, vertex index, 1) into capture buffer 0: the first
 * triangle captured, the second while paused, the third after resuming. The capture
 * buffer (1 KiB, filled with 0xab before) and then the control buffer (its byte counts,
 * filled with 0xee before) are written to the file named by the first argument. Refused
 * orders, and a second pipeline in one capture, are checked on the way. */
#include "common.h"

#define SIZE_PX 16u
#define CAPTURE_B 1024u

static const char *const CAPTURING =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "layout(location = 0, xfb_buffer = 0, xfb_stride = 16, xfb_offset = 0) out vec4 captured;\n"
    "void main() {\n"
    "    gl_Position = vec4(position, 0.0, 1.0);\n"
    "    captured = vec4(position, float(gl_VertexIndex), 1.0);\n"
    "}\n";

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);

    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10, capture_offset_b = 512u << 10;
    const uint64_t control_offset_b = capture_offset_b + 4096;
    float positions[18];
    for (unsigned vertex = 0; vertex < 9; vertex++) {
        positions[2 * vertex] = ((float)vertex - 4.0f) * 0.125f;
        positions[2 * vertex + 1] = (4.0f - (float)vertex) * 0.0625f;
    }
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, positions, sizeof positions));
    unsigned char fill[CAPTURE_B];
    memset(fill, 0xab, sizeof fill);
    CHECK(hsMemoryPoolWrite(&pool, capture_offset_b, fill, sizeof fill));
    memset(fill, 0xee, HS_TRANSFORM_FEEDBACK_CONTROL_SIZE);
    CHECK(hsMemoryPoolWrite(&pool, control_offset_b, fill, HS_TRANSFORM_FEEDBACK_CONTROL_SIZE));

    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer vertices, capture, control;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof positions);
    make_buffer(&capture, &device, &pool, capture_offset_b, CAPTURE_B);
    make_buffer(&control, &device, &pool, control_offset_b, HS_TRANSFORM_FEEDBACK_CONTROL_SIZE);
    HSProgram program, other;
    make_program(&program, &device, CAPTURING, GREEN_FRAGMENT);
    make_program(&other, &device, CAPTURING, GREEN_FRAGMENT);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    bind_positions(&commands, &vertices, sizeof positions);
    if (hsCommandBufferBindTransformFeedbackBuffer(&commands, 4, &capture, 0, CAPTURE_B) ==
            HS_SUCCESS ||
        hsCommandBufferPauseTransformFeedback(&commands, &control, 0) == HS_SUCCESS) {
        fprintf(stderr, "FAIL: a bad transform feedback command was accepted\n");
        return 1;
    }
    CHECK(hsCommandBufferBindTransformFeedbackBuffer(&commands, 0, &capture, 0, CAPTURE_B));
    CHECK(hsCommandBufferBeginTransformFeedback(&commands, &control, 0));
    if (hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA) == HS_SUCCESS) {
        fprintf(stderr, "FAIL: a clear while capturing was accepted\n");
        return 1;
    }
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    /* Vulkan binds no pipeline while capturing: a second one is refused when recorded. */
    if (hsCommandBufferBindProgram(&commands, &other) == HS_SUCCESS ||
        hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_POINTS, 3, 3) == HS_SUCCESS) {
        fprintf(stderr, "FAIL: a second pipeline in one capture was accepted\n");
        return 1;
    }
    CHECK(hsCommandBufferPauseTransformFeedback(&commands, &control, 0));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 3, 3));
    CHECK(hsCommandBufferResumeTransformFeedback(&commands, &control, 0));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 6, 3));
    CHECK(hsCommandBufferEndTransformFeedback(&commands, &control, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    /* After the fence the pool holds the captured bytes and the counts. */
    unsigned char out[CAPTURE_B + HS_TRANSFORM_FEEDBACK_CONTROL_SIZE];
    CHECK(hsMemoryPoolRead(&pool, capture_offset_b, out, CAPTURE_B));
    CHECK(hsMemoryPoolRead(&pool, control_offset_b, out + CAPTURE_B,
                           HS_TRANSFORM_FEEDBACK_CONTROL_SIZE));
    write_file(out_path, out, sizeof out);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&other));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&control));
    CHECK(hsBufferFinalize(&capture));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
