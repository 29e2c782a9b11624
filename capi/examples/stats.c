/* The figures a game can show itself (hsDeviceGetStats), the same the HUD draws: four
 * frames of a 160x160 window, each a clear and one triangle. Frames 1 and 3 draw with a
 * program not drawn with before, so their pipelines are compiled during that frame and
 * counted (a stutter shows); frames 2 and 4 reuse them. The device is made with
 * RX_VK_HUD=fps,pipelines, so the last presented image carries the HUD's panel at its top
 * left; it is written, as RGBA8 rows, to the file named by the argument. Prints one line
 * a frame: "frame F: frames N pipelines P total T time_ms X submit_ns S prepare_ns P
 * record_ns R" (the CPU time of the submissions so far, and of their two stages). */
#include "common.h"

#define SIZE_PX 160u
#define FRAMES 4u

static const char *const RED_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(1.0, 0.0, 0.0, 1.0); }\n";

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: stats OUT.rgba\n");
        return 1;
    }
    HSDeviceBuilder builder;
    CHECK(hsDeviceBuilderSetDefaults(&builder));
    CHECK(hsDeviceBuilderSetSwitch(&builder, "RX_VK_HUD", "fps,pipelines"));
    HSDevice device;
    CHECK(hsDeviceInitialize(&device, &builder));
    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));

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
        bind_positions(&commands, &vertices, sizeof HALF_TRIANGLE);
        CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
        HScommandHandle handle;
        CHECK(hsCommandBufferEndRecording(&commands, &handle));
        CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
        CHECK(hsQueuePresentTexture(&queue, &window, index));
        CHECK(hsCommandBufferClearCommands(&commands));

        HSDeviceStats stats;
        CHECK(hsDeviceGetStats(&device, &stats));
        printf("frame %u: frames %llu pipelines %llu total %llu time_ms %.3f submit_ns %llu "
               "prepare_ns %llu record_ns %llu split_lists %llu body_ns %llu\n",
               frame, (unsigned long long)stats.frames,
               (unsigned long long)stats.pipelines_last_frame,
               (unsigned long long)stats.pipelines_total, (double)stats.frame_time_ms,
               (unsigned long long)stats.submit_ns, (unsigned long long)stats.submit_prepare_ns,
               (unsigned long long)stats.submit_record_ns,
               (unsigned long long)stats.submit_split_lists,
               (unsigned long long)stats.submit_body_ns);
    }
    CHECK(hsQueueFinish(&queue));
    static unsigned char image[SIZE_PX * SIZE_PX * 4];
    uint32_t width_px = 0, height_px = 0;
    CHECK(hsWindowReadPresented(&window, image, sizeof image, &width_px, &height_px));
    write_file(argv[1], image, sizeof image);
    check_validation(&device);
    if (hsDeviceGetStats(&device, NULL) != HS_ERROR_INVALID_ARGUMENT) {
        fprintf(stderr, "a NULL stats pointer was taken\n");
        return 1;
    }

    CHECK(hsSyncFinalize(&acquired));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&programs[1]));
    CHECK(hsProgramFinalize(&programs[0]));
    CHECK(hsBufferFinalize(&vertices));
    finalize_window(&window, textures);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
