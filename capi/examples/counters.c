/* NVN's counters through the C ABI: samples passed by three green quads against a depth
 * cleared to 0.5 (one in front, one behind, one in front over the left half), each after
 * a reset, between two timestamps, and a reported value; red draws rendered only as the
 * first two reports (256 and 0 samples) say, or not at all with rendering off; then the
 * refusals (a counter Vulkan has no query for, a number that is no counter, an address not
 * 16-byte aligned, a value outside its buffer). The first argument's file gets the 128
 * bytes of reports (six 16-byte reports, value then timestamp, read from the pool after
 * the fence) and the 16x16 RGBA8 target. */
#include "common.h"

#define SIZE_PX 16u

static const char *const VERTEX =
    "#version 450\n"
    "layout(location = 0) in vec3 position;\n"
    "void main() { gl_Position = vec4(position, 1.0); }\n";

static const char *const RED =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* Quads of two triangles (x, y, z): the whole target at z 0.25, the whole target at z
 * 0.75, the left half at z 0.25. */
#define QUAD(left, right, z) \
    left, -1.0f, z, right, -1.0f, z, left, 1.0f, z, right, -1.0f, z, right, 1.0f, z, left, 1.0f, z
static const float VERTICES[3 * 6 * 3] = {
    QUAD(-1.0f, 1.0f, 0.25f),
    QUAD(-1.0f, 1.0f, 0.75f),
    QUAD(-1.0f, 0.0f, 0.25f),
};

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t depth_offset_b = 64u << 10, vertices_offset_b = 128u << 10;
    const uint64_t reports_offset_b = 192u << 10, reports_b = 128;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, VERTICES, sizeof VERTICES));
    HSTexture target, depth;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    make_texture_2d(&depth, &device, &pool, depth_offset_b, HS_FORMAT_Z32F, SIZE_PX, SIZE_PX);
    HSBuffer vertices, reports, readback;
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof VERTICES);
    make_buffer(&reports, &device, &pool, reports_offset_b, reports_b);
    make_buffer(&readback, &device, &pool, reports_offset_b + reports_b, image_b);
    HSProgram program, red;
    make_program(&program, &device, VERTEX, GREEN_FRAGMENT);
    make_program(&red, &device, VERTEX, RED);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, &depth, NULL));
    set_area(cmd, SIZE_PX, SIZE_PX);
    const float black[4] = {0, 0, 0, 1};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferClearDepthStencil(cmd, 0.5f, 1, 0, 0));
    CHECK(hsCommandBufferSetDepthMode(cmd, HS_DEPTH_MODE_ZERO_TO_ONE));
    HSStencilFace face = {HS_STENCIL_OP_KEEP, HS_STENCIL_OP_KEEP, HS_STENCIL_OP_KEEP,
                          HS_COMPARE_ALWAYS, 0, 0xff, 0xff};
    /* Tested, never written: each quad meets the cleared depth. */
    HSDepthStencilState depth_state = {1, 0, HS_COMPARE_LESS, 0, face, face};
    CHECK(hsCommandBufferSetDepthStencilState(cmd, &depth_state));
    CHECK(hsCommandBufferBindProgram(cmd, &program));
    HSVertexStream stream = {12, 0};
    HSVertexAttribute attribute = {0, 0, HS_VERTEX_COMPONENT_FLOAT32, 3, 0};
    CHECK(hsCommandBufferSetVertexStreams(cmd, 1, &stream));
    CHECK(hsCommandBufferSetVertexAttributes(cmd, 1, &attribute));
    CHECK(hsCommandBufferBindVertexBuffer(cmd, 0, &vertices, 0, sizeof VERTICES));

    CHECK(hsCommandBufferReportCounter(cmd, HS_COUNTER_TIMESTAMP, &reports, 48));
    for (unsigned quad = 0; quad < 3; quad++) {
        CHECK(hsCommandBufferResetCounter(cmd, HS_COUNTER_SAMPLES_PASSED));
        CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, quad * 6, 6));
        CHECK(hsCommandBufferReportCounter(cmd, HS_COUNTER_SAMPLES_PASSED, &reports, quad * 16));
    }
    CHECK(hsCommandBufferReportCounter(cmd, HS_COUNTER_TIMESTAMP, &reports, 64));
    CHECK(hsCommandBufferReportValue(cmd, 0xc0ffeeu, &reports, 80));
    /* 256 samples then 0: not equal. Skipped, drawn over the left half, skipped. */
    CHECK(hsCommandBufferBindProgram(cmd, &red));
    CHECK(hsCommandBufferSetRenderEnableConditional(
        cmd, HS_CONDITIONAL_RENDER_MODE_RENDER_IF_EQUAL, &reports, 0));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 6));
    CHECK(hsCommandBufferSetRenderEnableConditional(
        cmd, HS_CONDITIONAL_RENDER_MODE_RENDER_IF_NOT_EQUAL, &reports, 0));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 12, 6));
    CHECK(hsCommandBufferSetRenderEnable(cmd, 0));
    CHECK(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 6));
    CHECK(hsCommandBufferSetRenderEnable(cmd, 1));
    HSCopyRegion whole = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(cmd, &target, 0, &whole, &readback, 0, 0, 0));

    /* Refused, and nothing recorded. */
    if (hsCommandBufferReportCounter(cmd, HS_COUNTER_ZCULL_STATS, &reports, 0) != HS_ERROR_REFUSED ||
        hsCommandBufferResetCounter(cmd, 99) != HS_ERROR_INVALID_ARGUMENT ||
        hsCommandBufferReportCounter(cmd, HS_COUNTER_TIMESTAMP, &reports, 8) != HS_ERROR_REFUSED ||
        hsCommandBufferReportValue(cmd, 1, &reports, reports_b) != HS_ERROR_OUT_OF_RANGE ||
        hsCommandBufferSetRenderEnableConditional(cmd, 2, &reports, 0) !=
            HS_ERROR_INVALID_ARGUMENT) {
        fprintf(stderr, "a bad counter command was not refused as it should be\n");
        return 1;
    }
    printf("counter refusals: 5 of 5\n");
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(cmd, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    write_file(out_path, mapped + reports_offset_b, reports_b + image_b);
    check_validation(&device);

    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsProgramFinalize(&red));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsBufferFinalize(&reports));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsTextureFinalize(&depth));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
