/* deko3d's Example07 (Mesh Loading and Lighting), ported to the C ABI: the teapot mesh
 * loaded from files (the sample's romfs:/teapot-vtx.bin, position and normal a vertex,
 * and teapot-idx.bin, 16-bit indices) drawn indexed with the sample's shaders
 * (transform_normal_vsh, basic_lighting_fsh) as uam compiled them, a transformation
 * uniform block for the vertex stage and a lighting block for the fragment stage, into a
 * 4-sample sRGB colour buffer and a 4-sample Z24S8 depth buffer, with deko3d's default
 * rasterizer (back faces culled), depth-stencil and multisample state. As in the sample,
 * a dynamic list pushes both blocks, the static list clears and draws, each framebuffer's
 * list resolves the colour buffer into that (sRGB) framebuffer, and a last list discards
 * the multisample targets. The frame at 1 s is made for both framebuffers and read back
 * into the file named by the first argument.
 *
 * usage: deko07_mesh_lighting OUT.rgba CORPUS_DIR TEAPOT_VTX TEAPOT_IDX */
#include "deko_mesh.h"
#include "deko_msaa.h"

#define TIME_S 1.0f
#define SAMPLES 4u

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: deko07_mesh_lighting OUT.rgba CORPUS_DIR TEAPOT_VTX TEAPOT_IDX\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 64u << 20);
    struct dk_heap heap = {0};
    struct dk_msaa msaa;
    dk_msaa_targets(&msaa, &device, &pool, &heap, HS_FORMAT_RGBA8_SRGB, SAMPLES);
    HSBuffer vertices, indices, transform, lighting, readback;
    uint64_t vertices_b = 0, indices_b = 0;
    dk_mesh_load(&vertices, &vertices_b, &indices, &indices_b, &device, &pool, &heap, argv[3],
                 argv[4]);
    const uint64_t transform_offset_b = dk_alloc(&heap, 32 * sizeof(float), 256);
    const uint64_t lighting_offset_b = dk_alloc(&heap, sizeof DK_LIGHTING, 256);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    make_buffer(&transform, &device, &pool, transform_offset_b, 32 * sizeof(float));
    make_buffer(&lighting, &device, &pool, lighting_offset_b, sizeof DK_LIGHTING);
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);
    HSProgram program;
    const char *const names[2] = {"dk_transform_normal_vsh", "dk_basic_lighting_fsh"};
    const HSshaderStage stages[2] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_FRAGMENT};
    dk_program(&program, &device, argv[2], 2, names, stages);

    /* The framebuffer lists (each resolves the colour buffer into its framebuffer), then
     * the static list. */
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    dk_msaa_begin_static(&msaa, &commands, &program);
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_VERTEX, 0, &transform, 0,
                                           32 * sizeof(float)));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_FRAGMENT, 0, &lighting, 0,
                                           sizeof DK_LIGHTING));
    dk_msaa_default_state(&commands);
    dk_vertex_layout(&commands, &vertices, vertices_b, DK_MESH_VERTEX_B, 3, 3, 12);
    CHECK(hsCommandBufferBindIndexBuffer(&commands, HS_INDEX_TYPE_UNSIGNED_SHORT, &indices, 0,
                                         indices_b));
    CHECK(hsCommandBufferDrawElements(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0,
                                      (uint32_t)(indices_b / 2), 0, 0, 1));
    /* The static list ended, and the discard list. */
    HScommandHandle render_list = dk_msaa_end_static(&msaa, &commands);

    /* The sample's dynamic command buffer: the frame's transformation and the lighting. */
    HSCommandBuffer dynamic;
    CHECK(hsCommandBufferInitialize(&dynamic, &device));
    HScommandHandle push = dk_mesh_push_list(&dynamic, &transform, &lighting, TIME_S, 0);

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    dk_msaa_present(&msaa, &device, &pool, &queue, push, render_list, &readback,
                    readback_offset_b, argv[1]);

    CHECK(hsCommandBufferFinalize(&dynamic));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&lighting));
    CHECK(hsBufferFinalize(&transform));
    CHECK(hsBufferFinalize(&indices));
    CHECK(hsBufferFinalize(&vertices));
    dk_msaa_finalize(&msaa);
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
