/* What the raw-pointer ports (raw_pointers.c: compiled Maxwell programs; buffer_references.c:
 * GLSL) share: the inputs that become the draw's arguments, the word check, and the draw
 * whose arguments the compute program wrote, its colour read through a pointer, its
 * picture copied out by address and written to a file. */
#ifndef POINTER_PORT_H
#define POINTER_PORT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "common.h"

#define SIZE_PX 64u

/* The half triangle the GPU-written arguments draw. */
static const float VERTICES[6] = {-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f};
/* The first inputs: the compute program's results for them are the indirect draw's
 * arguments (3 vertices, 1 instance, ...). */
static const uint32_t ARGUMENT_INPUTS[4] = {1u, 0u, 0xaaaaaaaau, 0xffffffffu};
static const uint32_t GREEN_RGBA8 = 0xff00ff00u;

static int failed = 0, cases = 0;

static void expect_word(const char *what, uint32_t index, uint64_t got, uint64_t expected) {
    cases++;
    if (got != expected) {
        printf("FAIL %s %u: %#llx, expected %#llx\n", what, index, (unsigned long long)got,
               (unsigned long long)expected);
        failed++;
    }
}

/* Draws the triangle with `tinted`, its arguments at `results`, and writes the SIZE_PX
 * square picture (RGBA8 rows) to `out_path`. */
static void draw_through_pointers(const HSDevice *device, const HSQueue *queue,
                                  const HSMemoryPool *pool, HSgpuAddress base,
                                  const HSProgram *tinted, HSgpuAddress results,
                                  const char *out_path) {
    /* The draw: its arguments where the compute program stored them, its colour through
     * a pointer to the tint the fragment program's uniform buffer holds. */
    const HSgpuAddress vertices = base + 0x8000, tint = base + 0x8100, tint_block = base + 0x8200;
    const HSgpuAddress readback = base + 0x40000;
    CHECK(hsMemoryPoolWrite(pool, vertices - base, VERTICES, sizeof VERTICES));
    CHECK(hsMemoryPoolWrite(pool, tint - base, &GREEN_RGBA8, sizeof GREEN_RGBA8));
    CHECK(hsMemoryPoolWrite(pool, tint_block - base, &tint, sizeof tint));
    HSTexture target;
    make_texture_2d(&target, device, pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    const HSCommandBuffer *cmd = &commands;
    CHECK(hsCommandBufferBeginRecording(cmd));
    vulkan_clip_space(cmd); /* the CPU triangle model counts rows down with clip y */
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(cmd, 1, colors, NULL, NULL, NULL));
    set_area(cmd, SIZE_PX, SIZE_PX);
    const float black[4] = {0, 0, 0, 1};
    CHECK(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(cmd, tinted));
    HSVertexStream stream = {8, 0};
    HSVertexAttribute attribute = {0, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 0};
    CHECK(hsCommandBufferSetVertexStreams(cmd, 1, &stream));
    CHECK(hsCommandBufferSetVertexAttributes(cmd, 1, &attribute));
    CHECK(hsCommandBufferBindVertexBufferAddress(cmd, 0, vertices, sizeof VERTICES));
    CHECK(hsCommandBufferBindUniformBufferAddress(cmd, HS_SHADER_STAGE_FRAGMENT, 0, tint_block, 256));
    CHECK(hsCommandBufferDrawIndirectAddress(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, results, 1, 16));
    CHECK(hsCommandBufferBarrier(cmd, HS_BARRIER_ORDER_PRIMITIVES | HS_BARRIER_INVALIDATE_SHADER));
    HSCopyRegion whole = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBufferAddress(cmd, &target, 0, &whole, readback, 0, 0));
    HScommandHandle draw;
    CHECK(hsCommandBufferEndRecording(cmd, &draw));
    CHECK(hsQueueSubmitCommands(queue, 1, &draw));
    CHECK(hsQueueFinish(queue));
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    uint8_t *image = malloc(image_b);
    CHECK(hsMemoryPoolRead(pool, readback - base, image, image_b));
    write_file(out_path, image, image_b);
    free(image);
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsTextureFinalize(&target));
}

#endif
