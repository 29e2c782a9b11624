/* deko3d's Example01 (Simple Setup), ported to the C ABI: a picture made of scissored
 * clears alone over a 1280x720 framebuffer. Dark green everywhere; a 400x400 pale box in
 * the middle; inside it, on a grid of 5x4 tiles (80x100 px), one tile in the third column
 * of the second row and three tiles along the third row, from the second column, in mid
 * green. Scissors are measured from the framebuffer's first row (NVN's upper-left window
 * origin). As in the sample, a list per framebuffer binds it and the drawing list, which
 * binds none, clears whatever the queue holds. Both framebuffers are drawn and read back,
 * one after the other, into the file named by the first argument.
 *
 * usage: deko01_simple_setup OUT.rgba */
#include "deko_port.h"

static void clear_box(const HSCommandBuffer *commands, uint32_t x_px, uint32_t y_px,
                      uint32_t width_px, uint32_t height_px, const float rgba[4]) {
    HSScissor scissor = {(int32_t)x_px, (int32_t)y_px, width_px, height_px};
    CHECK(hsCommandBufferSetScissors(commands, 0, 1, &scissor));
    CHECK(hsCommandBufferClearColor(commands, 0, rgba, HS_CLEAR_COLOR_MASK_RGBA));
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: deko01_simple_setup OUT.rgba\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 32u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS];
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8, 1);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    HSBuffer readback;
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_framebuffer_lists(&commands, framebuffers, NULL, framebuffer_lists);

    const uint32_t box_px = 400, tile_w_px = box_px / 5, tile_h_px = box_px / 4;
    const uint32_t box_x_px = DK_WIDTH_PX / 2 - box_px / 2, box_y_px = DK_HEIGHT_PX / 2 - box_px / 2;
    const float dark[4] = {0.0f, 0.25f, 0.0f, 1.0f};
    const float pale[4] = {229 / 255.0f, 1.0f, 232 / 255.0f, 1.0f};
    const float mid[4] = {0.0f, 0.5f, 0.0f, 1.0f};
    CHECK(hsCommandBufferBeginRecording(&commands));
    clear_box(&commands, 0, 0, DK_WIDTH_PX, DK_HEIGHT_PX, dark);
    clear_box(&commands, box_x_px, box_y_px, box_px, box_px, pale);
    clear_box(&commands, box_x_px + 2 * tile_w_px, box_y_px + tile_h_px, tile_w_px, tile_h_px, mid);
    clear_box(&commands, box_x_px + tile_w_px, box_y_px + 2 * tile_h_px, 3 * tile_w_px, tile_h_px,
              mid);
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    const HScommandHandle after[1] = {render_list};
    const struct dk_frame_lists lists = {NULL, 0, framebuffer_lists, after, 1};
    dk_present_frames(&device, &pool, &queue, framebuffers, &lists, &readback, readback_offset_b,
                      argv[1]);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsBufferFinalize(&readback));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
