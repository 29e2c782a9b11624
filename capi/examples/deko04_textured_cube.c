/* deko3d's Example04 (Textured Cube), ported to the C ABI: the cube of Example03 with a
 * texture coordinate at each face corner ((0,0), (0,1), (1,1), (1,0) in the order drawn)
 * instead of a colour, drawn with the sample's shaders (transform_vsh, texture_fsh) as uam
 * compiled them and a 256x256 RGB-only BC1 texture (NVN's RGB_DXT1, deko3d's
 * DkImageFormat_RGB_BC1) sampled linearly, clamped to the edge. As in the sample, the
 * texture is loaded by a copy from a linear buffer submitted on its own, and a setup list
 * binds the texture and sampler pools and is submitted and waited for before the command
 * buffer is cleared; the static list then binds texture handle (0, 0) into the pools the
 * queue holds. The sample's image (a cat) is asset data not shipped here: the texture is
 * made of blocks whose colours the test knows: the quarter around texture coordinate
 * (0,0) red, (0,1) green, (1,1) blue, (1,0) yellow (four-colour blocks), and a cross through
 * the middle of three-colour blocks all at index 3, which RGB-only BC1 reads as opaque
 * black (BC1 RGBA would make it transparent). The frame at 1 s is drawn into both
 * framebuffers and read back into the file named by the first argument.
 *
 * usage: deko04_textured_cube OUT.rgba CORPUS_DIR */
#include "deko_port.h"
#include "deko_cube.h"

#define TIME_S 1.0f
#define TEXTURE_PX 256u
#define BLOCKS (TEXTURE_PX / 4u)

struct textured_vertex {
    float position[3];
    float texcoord[2];
};

/* 8 bytes of BC1: endpoints `c0`, `c1` (RGB565), every texel at index `index`. */
static void bc1_block(unsigned char *out, uint16_t c0, uint16_t c1, uint32_t index) {
    out[0] = (unsigned char)c0;
    out[1] = (unsigned char)(c0 >> 8);
    out[2] = (unsigned char)c1;
    out[3] = (unsigned char)(c1 >> 8);
    uint32_t bits = 0;
    for (int texel = 0; texel < 16; texel++) bits |= index << (2 * texel);
    memcpy(out + 4, &bits, 4);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: deko04_textured_cube OUT.rgba CORPUS_DIR\n");
        return 1;
    }
    /* The cube's corners with texture coordinates in place of colours. */
    static const float CORNER_UV[4][2] = {{0.0f, 0.0f}, {0.0f, 1.0f}, {1.0f, 1.0f}, {1.0f, 0.0f}};
    struct textured_vertex cube[DK_CUBE_VERTICES];
    for (uint32_t i = 0; i < DK_CUBE_VERTICES; i++) {
        memcpy(cube[i].position, DK_CUBE[i].position, sizeof cube[i].position);
        memcpy(cube[i].texcoord, CORNER_UV[i % 4], sizeof cube[i].texcoord);
    }
    /* The texture's blocks, rows of blocks from texture coordinate v = 0. */
    static unsigned char blocks[BLOCKS * BLOCKS * 8];
    const uint16_t quarter[2][2] = {{0xf800, 0xffe0}, {0x07e0, 0x001f}}; /* [v half][u half] */
    for (uint32_t by = 0; by < BLOCKS; by++)
        for (uint32_t bx = 0; bx < BLOCKS; bx++) {
            unsigned char *out = blocks + (by * BLOCKS + bx) * 8;
            int cross = (bx >= BLOCKS / 2 - 2 && bx < BLOCKS / 2 + 2) ||
                        (by >= BLOCKS / 2 - 2 && by < BLOCKS / 2 + 2);
            if (cross)
                bc1_block(out, 0x0000, 0xffff, 3);
            else
                bc1_block(out, quarter[by >= BLOCKS / 2][bx >= BLOCKS / 2], 0x0000, 0);
        }

    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 32u << 20);
    struct dk_heap heap = {0};
    HSTexture framebuffers[DK_FRAMEBUFFERS], depth, image;
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++)
        dk_texture(&framebuffers[i], &device, &pool, &heap, HS_FORMAT_RGBA8, 1);
    dk_texture(&depth, &device, &pool, &heap, HS_FORMAT_Z24S8, 1);
    {
        HSTextureBuilder builder;
        CHECK(hsTextureBuilderSetDefaults(&builder));
        CHECK(hsTextureBuilderSetDevice(&builder, &device));
        CHECK(hsTextureBuilderSetFormat(&builder, HS_FORMAT_BC1_RGB));
        CHECK(hsTextureBuilderSetSize2D(&builder, TEXTURE_PX, TEXTURE_PX));
        uint64_t size_b = 0, alignment_b = 0;
        CHECK(hsTextureBuilderGetStorageSize(&builder, &size_b));
        CHECK(hsTextureBuilderGetStorageAlignment(&builder, &alignment_b));
        CHECK(hsTextureBuilderSetStorage(&builder, &pool, dk_alloc(&heap, size_b, alignment_b)));
        CHECK(hsTextureInitialize(&image, &builder));
    }
    const uint64_t vertices_offset_b = dk_alloc(&heap, sizeof cube, 256);
    const uint64_t uniforms_offset_b = dk_alloc(&heap, 32 * sizeof(float), 256);
    const uint64_t linear_offset_b = dk_alloc(&heap, sizeof blocks, 256);
    const uint64_t readback_offset_b = dk_alloc(&heap, DK_FRAMEBUFFERS * DK_IMAGE_B, 256);
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, cube, sizeof cube));
    CHECK(hsMemoryPoolWrite(&pool, linear_offset_b, blocks, sizeof blocks));
    HSBuffer vertices, uniforms, linear, readback;
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof cube);
    make_buffer(&uniforms, &device, &pool, uniforms_offset_b, 32 * sizeof(float));
    make_buffer(&linear, &device, &pool, linear_offset_b, sizeof blocks);
    make_buffer(&readback, &device, &pool, readback_offset_b, DK_FRAMEBUFFERS * DK_IMAGE_B);
    HSProgram program;
    const char *const names[2] = {"dk_transform_vsh", "dk_texture_fsh"};
    const HSshaderStage stages[2] = {HS_SHADER_STAGE_VERTEX, HS_SHADER_STAGE_FRAGMENT};
    dk_program(&program, &device, argv[2], 2, names, stages);

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));

    /* The image loader: a copy from the linear buffer, on a command buffer of its own. */
    HSCommandBuffer loader;
    CHECK(hsCommandBufferInitialize(&loader, &device));
    CHECK(hsCommandBufferBeginRecording(&loader));
    HSCopyRegion region = {0, 0, 0, TEXTURE_PX, TEXTURE_PX, 1};
    CHECK(hsCommandBufferCopyBufferToTexture(&loader, &linear, 0, 0, 0, &image, 0, &region));
    HScommandHandle load;
    CHECK(hsCommandBufferEndRecording(&loader, &load));
    CHECK(hsQueueSubmitCommands(&queue, 1, &load));
    CHECK(hsQueueFinish(&queue));
    CHECK(hsCommandBufferFinalize(&loader));

    /* The descriptor sets: the texture in slot 0, a linear clamping sampler in slot 0. */
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    HSSampler sampler;
    HSSamplerBuilder sampler_builder;
    CHECK(hsSamplerBuilderSetDefaults(&sampler_builder));
    CHECK(hsSamplerBuilderSetDevice(&sampler_builder, &device));
    CHECK(hsSamplerBuilderSetMinMagFilter(&sampler_builder, HS_FILTER_LINEAR, HS_MIP_FILTER_NONE,
                                          HS_FILTER_LINEAR));
    CHECK(hsSamplerBuilderSetWrapMode(&sampler_builder, HS_WRAP_MODE_CLAMP_TO_EDGE,
                                      HS_WRAP_MODE_CLAMP_TO_EDGE, HS_WRAP_MODE_CLAMP_TO_EDGE));
    CHECK(hsSamplerInitialize(&sampler, &sampler_builder));
    CHECK(hsTexturePoolInitialize(&texture_pool, &device, 16));
    CHECK(hsSamplerPoolInitialize(&sampler_pool, &device, 16));
    CHECK(hsTexturePoolRegisterTexture(&texture_pool, 0, &image, NULL));
    CHECK(hsSamplerPoolRegisterSampler(&sampler_pool, 0, &sampler));

    /* The sample's static command buffer: the pools bound by a list submitted and waited
     * for, then cleared. */
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    dk_bind_pools_on_queue(&queue, &commands, &texture_pool, &sampler_pool);

    HScommandHandle framebuffer_lists[DK_FRAMEBUFFERS];
    dk_framebuffer_lists(&commands, framebuffers, &depth, framebuffer_lists);
    CHECK(hsCommandBufferBeginRecording(&commands));
    dk_full_viewport_and_scissor(&commands);
    const float clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferClearDepthStencil(&commands, 1.0f, 1, 0, 0xff));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_VERTEX, 0, &uniforms, 0,
                                           32 * sizeof(float)));
    uint64_t handle = 0;
    CHECK(hsDeviceGetTextureHandle(&device, 0, 0, &handle));
    CHECK(hsCommandBufferBindTexture(&commands, HS_SHADER_STAGE_FRAGMENT, 0, handle));
    dk_bind_default_raster_and_color(&commands);
    dk_bind_default_depth_stencil(&commands);
    dk_vertex_layout(&commands, &vertices, sizeof cube, sizeof(struct textured_vertex), 3, 2, 12);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_QUADS, 0, DK_CUBE_VERTICES));
    CHECK(hsCommandBufferBarrier(&commands, HS_BARRIER_ORDER_FRAGMENTS));
    CHECK(hsCommandBufferDiscardDepthStencil(&commands));
    HScommandHandle render_list;
    CHECK(hsCommandBufferEndRecording(&commands, &render_list));

    float block[32];
    dk_cube_transform(block, TIME_S);
    HSCommandBuffer dynamic;
    CHECK(hsCommandBufferInitialize(&dynamic, &device));
    CHECK(hsCommandBufferBeginRecording(&dynamic));
    CHECK(hsCommandBufferUpdateUniformBuffer(&dynamic, &uniforms, 0, sizeof block, block));
    HScommandHandle push;
    CHECK(hsCommandBufferEndRecording(&dynamic, &push));

    const HScommandHandle before[1] = {push};
    const HScommandHandle after[1] = {render_list};
    const struct dk_frame_lists lists = {before, 1, framebuffer_lists, after, 1};
    dk_present_frames(&device, &pool, &queue, framebuffers, &lists, &readback, readback_offset_b,
                      argv[1]);

    CHECK(hsCommandBufferFinalize(&dynamic));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&linear));
    CHECK(hsBufferFinalize(&uniforms));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&image));
    CHECK(hsTextureFinalize(&depth));
    for (uint32_t i = 0; i < DK_FRAMEBUFFERS; i++) CHECK(hsTextureFinalize(&framebuffers[i]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
