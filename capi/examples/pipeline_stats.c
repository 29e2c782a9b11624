/* Graphics pipeline compiles as a game can count them (hsDeviceGetPipelineStats): four
 * frames of a 160x160 window, each a clear and one triangle. Frame 1 draws with a
 * program new to the device, so its pipeline is compiled during that frame; frame 2
 * draws the same program with the culling, front face, depth test and stencil test
 * changed, state every device takes dynamically, so it compiles nothing; frame 3 draws
 * a second new program; frame 4 repeats frame 2's state with it. Prints one line a
 * frame: "frame F: made M ns N total T frames_waited W worst_ns X". */
#include "common.h"

#define SIZE_PX 160u
#define FRAMES 4u

static const char *const RED_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* Frame 2's and 4's state: both faces culled (the triangle is not drawn: what counts
 * here is that no pipeline is made for it), another front face, the depth and stencil
 * tests on and always passing (there is no depth target). */
static void set_other_state(const HSCommandBuffer *commands, unsigned frame) {
    HSRasterizerState raster;
    CHECK(hsRasterizerStateSetDefaults(&raster));
    raster.cull = HS_CULL_MODE_FRONT_AND_BACK;
    raster.front_face = frame == 2 ? HS_FRONT_FACE_CW : HS_FRONT_FACE_CCW;
    CHECK(hsCommandBufferSetRasterizerState(commands, &raster));
    HSDepthStencilState depth;
    CHECK(hsDepthStencilStateSetDefaults(&depth));
    depth.depth_test = 1;
    depth.depth_compare = HS_COMPARE_ALWAYS;
    depth.stencil_test = 1;
    depth.front.compare = HS_COMPARE_ALWAYS;
    depth.back.compare = HS_COMPARE_ALWAYS;
    CHECK(hsCommandBufferSetDepthStencilState(commands, &depth));
}

int main(void) {
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    HSTexture textures[2];
    HSWindow window;
    make_window(&window, textures, &device, &pool, SIZE_PX, NULL);
    const uint64_t positions_offset_b = 512u << 10;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));
    HSBuffer vertices;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof HALF_TRIANGLE);
    HSProgram programs[2];
    make_program(&programs[0], &device, POSITION_VERTEX, GREEN_FRAGMENT);
    make_program(&programs[1], &device, POSITION_VERTEX, RED_FRAGMENT);

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HSSync acquired;
    CHECK(hsSyncInitialize(&acquired, &device));
    for (unsigned frame = 1; frame <= FRAMES; frame++) {
        uint32_t index = 0;
        CHECK(hsWindowAcquireTexture(&window, &acquired, &index));
        HSsyncWaitResult waited = 0;
        CHECK(hsSyncWait(&acquired, 10ull * 1000 * 1000 * 1000, &waited));
        CHECK(hsCommandBufferBeginRecording(&commands));
        const HSTexture *colors[1] = {&textures[index]};
        CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
        set_area(&commands, SIZE_PX, SIZE_PX);
        const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
        CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
        CHECK(hsCommandBufferBindProgram(&commands, &programs[frame <= 2 ? 0 : 1]));
        if (frame % 2 == 0) {
            set_other_state(&commands, frame);
        }
        bind_positions(&commands, &vertices, sizeof HALF_TRIANGLE);
        CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
        HScommandHandle handle;
        CHECK(hsCommandBufferEndRecording(&commands, &handle));
        CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
        CHECK(hsQueuePresentTexture(&queue, &window, index));
        CHECK(hsCommandBufferClearCommands(&commands));

        /* Read after its present, the last frame is this one. */
        HSPipelineStats stats;
        CHECK(hsDeviceGetPipelineStats(&device, &stats));
        printf("frame %u: made %llu ns %llu total %llu frames_waited %llu worst_ns %llu "
               "fast_linked %llu optimised %llu\n",
               frame, (unsigned long long)stats.graphics_last_frame,
               (unsigned long long)stats.compile_ns_last_frame,
               (unsigned long long)stats.graphics_total,
               (unsigned long long)stats.frames_waited,
               (unsigned long long)stats.worst_frame_compile_ns,
               (unsigned long long)stats.fast_linked_total,
               (unsigned long long)stats.optimised_total);
    }
    CHECK(hsQueueFinish(&queue));
    check_validation(&device);
    if (hsDeviceGetPipelineStats(&device, NULL) != HS_ERROR_INVALID_ARGUMENT) {
        fprintf(stderr, "a NULL stats pointer was taken\n");
        return 1;
    }
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsSyncFinalize(&acquired));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&programs[1]));
    CHECK(hsProgramFinalize(&programs[0]));
    CHECK(hsBufferFinalize(&vertices));
    finalize_window(&window, textures);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
