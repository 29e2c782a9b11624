/* Graphics pipeline compiles as a game can count them (hsDeviceGetPipelineStats): four
 * frames of a 160x160 window, each a clear and one triangle. Frame 1 draws with a
 * program new to the device, so its pipeline is compiled during that frame; frame 2
 * draws the same program with the culling, front face, depth test and stencil test
 * changed, state every device takes dynamically, so it compiles nothing; frame 3 draws
 * a second new program; frame 4 repeats frame 2's state with it. Prints one line a
 * frame: "frame F: made M ns N total T frames_waited W worst_ns X". */
#include "triangle_frames.h"

#define FRAMES 4u

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
    TriangleFrames rig;
    triangle_frames_open(&rig, &device);
    for (unsigned frame = 1; frame <= FRAMES; frame++) {
        triangle_frames_draw(&rig, frame <= 2 ? 0 : 1, frame % 2 == 0 ? set_other_state : NULL,
                             frame);

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
    CHECK(hsQueueFinish(&rig.queue));
    check_validation(&device);
    if (hsDeviceGetPipelineStats(&device, NULL) != HS_ERROR_INVALID_ARGUMENT) {
        fprintf(stderr, "a NULL stats pointer was taken\n");
        return 1;
    }
    triangle_frames_close(&rig);
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
