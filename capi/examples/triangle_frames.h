/* The rig of the stats examples: a 160x160 window of two textures, a half-screen triangle
 * in a pool, two programs (green, red), and a frame loop that clears, binds one of them,
 * lets the caller change state, draws the triangle and presents. */
#ifndef HOOKSHOT_EXAMPLE_TRIANGLE_FRAMES_H
#define HOOKSHOT_EXAMPLE_TRIANGLE_FRAMES_H

#include "common.h"

#define TRIANGLE_FRAMES_SIZE_PX 160u

static const char *const TRIANGLE_FRAMES_RED_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(1.0, 0.0, 0.0, 1.0); }\n";

typedef struct TriangleFrames {
    HSMemoryPool pool;
    HSTexture textures[2];
    HSWindow window;
    HSBuffer vertices;
    HSProgram programs[2];
    HSQueue queue;
    HSCommandBuffer commands;
    HSSync acquired;
} TriangleFrames;

static inline void triangle_frames_open(TriangleFrames *rig, HSDevice *device) {
    make_pool(&rig->pool, device, 1u << 20);
    make_window(&rig->window, rig->textures, device, &rig->pool, TRIANGLE_FRAMES_SIZE_PX, NULL);
    const uint64_t positions_offset_b = 512u << 10;
    CHECK(hsMemoryPoolWrite(&rig->pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));
    make_buffer(&rig->vertices, device, &rig->pool, positions_offset_b, sizeof HALF_TRIANGLE);
    make_program(&rig->programs[0], device, POSITION_VERTEX, GREEN_FRAGMENT);
    make_program(&rig->programs[1], device, POSITION_VERTEX, TRIANGLE_FRAMES_RED_FRAGMENT);
    CHECK(hsQueueInitialize(&rig->queue, device));
    CHECK(hsCommandBufferInitialize(&rig->commands, device));
    CHECK(hsSyncInitialize(&rig->acquired, device));
}

/* One frame drawn with program `program` (0 green, 1 red); `change`, when not NULL, is
 * called after the bind and before the draw. */
static inline void triangle_frames_draw(TriangleFrames *rig, unsigned program,
                                        void (*change)(const HSCommandBuffer *, unsigned),
                                        unsigned frame) {
    uint32_t index = 0;
    CHECK(hsWindowAcquireTexture(&rig->window, &rig->acquired, &index));
    HSsyncWaitResult waited = 0;
    CHECK(hsSyncWait(&rig->acquired, 10ull * 1000 * 1000 * 1000, &waited));
    CHECK(hsCommandBufferBeginRecording(&rig->commands));
    const HSTexture *colors[1] = {&rig->textures[index]};
    CHECK(hsCommandBufferSetRenderTargets(&rig->commands, 1, colors, NULL, NULL, NULL));
    set_area(&rig->commands, TRIANGLE_FRAMES_SIZE_PX, TRIANGLE_FRAMES_SIZE_PX);
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&rig->commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&rig->commands, &rig->programs[program]));
    if (change != NULL) {
        change(&rig->commands, frame);
    }
    bind_positions(&rig->commands, &rig->vertices, sizeof HALF_TRIANGLE);
    CHECK(hsCommandBufferDrawArrays(&rig->commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&rig->commands, &handle));
    CHECK(hsQueueSubmitCommands(&rig->queue, 1, &handle));
    CHECK(hsQueuePresentTexture(&rig->queue, &rig->window, index));
    CHECK(hsCommandBufferClearCommands(&rig->commands));
}

static inline void triangle_frames_close(TriangleFrames *rig) {
    CHECK(hsSyncFinalize(&rig->acquired));
    CHECK(hsCommandBufferFinalize(&rig->commands));
    CHECK(hsQueueFinalize(&rig->queue));
    CHECK(hsProgramFinalize(&rig->programs[1]));
    CHECK(hsProgramFinalize(&rig->programs[0]));
    CHECK(hsBufferFinalize(&rig->vertices));
    finalize_window(&rig->window, rig->textures);
    CHECK(hsMemoryPoolFinalize(&rig->pool));
}

#endif
