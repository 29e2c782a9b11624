/* A game's identity: the device builder takes its title id, name and version
 * (hsDeviceBuilderSetTitle), so its configuration file and its shader and pipeline caches
 * are its own. Bad ids and strings are refused; then one triangle is drawn on a device
 * made for the title id given as the argument. */
#include "common.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: title TITLE_ID\n");
        return 1;
    }
    HSDeviceBuilder builder;
    CHECK(hsDeviceBuilderSetDefaults(&builder));
    /* Ids name folders: no separators, no "..", 1 to 64 characters; nothing is NULL. */
    const char *const bad_ids[] = {"", "..", "a/b", "a\\b", "game id"};
    for (size_t index = 0; index < sizeof bad_ids / sizeof bad_ids[0]; index++) {
        if (hsDeviceBuilderSetTitle(&builder, bad_ids[index], "Game", "1.0") !=
            HS_ERROR_INVALID_ARGUMENT) {
            fprintf(stderr, "title id \"%s\" was taken\n", bad_ids[index]);
            return 1;
        }
    }
    if (hsDeviceBuilderSetTitle(&builder, "0100", NULL, "1.0") != HS_ERROR_INVALID_ARGUMENT ||
        hsDeviceBuilderSetTitle(&builder, "0100", "Game", "1.0\n") != HS_ERROR_INVALID_ARGUMENT) {
        fprintf(stderr, "a NULL name or a control character was taken\n");
        return 1;
    }
    CHECK(hsDeviceBuilderSetTitle(&builder, argv[1], "Hookshot title example", "1.2.3"));
    HSDevice device;
    CHECK(hsDeviceInitialize(&device, &builder));
    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));

    /* One draw: its shaders reach the title's shader cache, its pipeline the title's
     * pipeline cache (saved when the device ends). */
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));
    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, 64, 64);
    HSBuffer vertices;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof HALF_TRIANGLE);
    HSProgram program;
    make_program(&program, &device, POSITION_VERTEX, GREEN_FRAGMENT);
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    bind_positions(&commands, &vertices, sizeof HALF_TRIANGLE);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    check_validation(&device);
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
