/* The figures a game can show itself (hsDeviceGetStats), the same the HUD draws: four
 * frames of a 160x160 window, each a clear and one triangle. Frames 1 and 3 draw with a
 * program not drawn with before, so their pipelines are compiled during that frame and
 * counted (a stutter shows); frames 2 and 4 reuse them. The device is made with
 * RX_VK_HUD=fps,pipelines, so the last presented image carries the HUD's panel at its top
 * left; it is written, as RGBA8 rows, to the file named by the argument. Prints one line
 * a frame: "frame F: frames N pipelines P total T time_ms X submit_ns S prepare_ns P
 * record_ns R" (the CPU time of the submissions so far, and of their two stages). */
#include "triangle_frames.h"

#define SIZE_PX TRIANGLE_FRAMES_SIZE_PX
#define FRAMES 4u

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

    TriangleFrames rig;
    triangle_frames_open(&rig, &device);
    for (unsigned frame = 1; frame <= FRAMES; frame++) {
        triangle_frames_draw(&rig, frame <= 2 ? 0 : 1, NULL, frame);

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
    CHECK(hsQueueFinish(&rig.queue));
    static unsigned char image[SIZE_PX * SIZE_PX * 4];
    uint32_t width_px = 0, height_px = 0;
    CHECK(hsWindowReadPresented(&rig.window, image, sizeof image, &width_px, &height_px));
    write_file(argv[1], image, sizeof image);
    check_validation(&device);
    if (hsDeviceGetStats(&device, NULL) != HS_ERROR_INVALID_ARGUMENT) {
        fprintf(stderr, "a NULL stats pointer was taken\n");
        return 1;
    }

    triangle_frames_close(&rig);
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
