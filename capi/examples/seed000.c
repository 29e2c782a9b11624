/* The seed-000 scenario through the C ABI. A 260x260 RG8 tile with 9 levels is drawn by
 * the GPU, level by level, into a CPU_CACHED | GPU_CACHED pool; the game then
 * defragments: it waits for the GPU, finalizes the texture, moves the tile's bytes with
 * memcpy through the mapped pointer to a new offset, and makes the texture again over the
 * moved bytes, with no call to say it wrote them: the pool is the game's own memory
 * (hsMemoryPoolBuilderSetStorage) and Hookshot sees the writes by page protection. Sampling every level of it must give what
 * was drawn, which holds only if what the GPU drew reached the pool's storage. Level l's
 * texel (x, y) is ((7x + 31l) mod 256, (13y + 17l) mod 256); the sampled levels are
 * written one after the other, rows tight, to the file named by the first argument. */
#include "common.h"

#define TILE_PX 260u
#define LEVELS 9u

static const char *const DRAW_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(std140, binding = 0) uniform Level { ivec4 level; };\n"
    "void main() {\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    colour = vec4(float((7 * p.x + 31 * level.x) & 255) / 255.0,\n"
    "                  float((13 * p.y + 17 * level.x) & 255) / 255.0, 0.0, 1.0);\n"
    "}\n";

static const char *const SAMPLE_FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(std140, binding = 0) uniform Level { ivec4 level; };\n"
    "layout(binding = 0) uniform sampler2D tile;\n"
    "void main() { colour = texelFetch(tile, ivec2(gl_FragCoord.xy), level.x); }\n";

static uint32_t level_px(uint32_t level) {
    uint32_t px = TILE_PX >> level;
    return px == 0 ? 1 : px;
}

static void make_tile(HSTexture *tile, const HSDevice *device, const HSMemoryPool *pool,
                      uint64_t offset_b) {
    HSTextureBuilder builder;
    CHECK(hsTextureBuilderSetDefaults(&builder));
    CHECK(hsTextureBuilderSetDevice(&builder, device));
    CHECK(hsTextureBuilderSetFormat(&builder, HS_FORMAT_RG8));
    CHECK(hsTextureBuilderSetSize2D(&builder, TILE_PX, TILE_PX));
    CHECK(hsTextureBuilderSetLevels(&builder, LEVELS));
    CHECK(hsTextureBuilderSetStorage(&builder, pool, offset_b));
    CHECK(hsTextureInitialize(tile, &builder));
}

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);

    /* The tile's storage size and alignment come from the builder, as a game places it. */
    HSTextureBuilder layout;
    CHECK(hsTextureBuilderSetDefaults(&layout));
    CHECK(hsTextureBuilderSetFormat(&layout, HS_FORMAT_RG8));
    CHECK(hsTextureBuilderSetSize2D(&layout, TILE_PX, TILE_PX));
    CHECK(hsTextureBuilderSetLevels(&layout, LEVELS));
    uint64_t tile_b = 0, alignment_b = 0;
    CHECK(hsTextureBuilderGetStorageSize(&layout, &tile_b));
    CHECK(hsTextureBuilderGetStorageAlignment(&layout, &alignment_b));
    const uint64_t first_offset_b = 0;
    const uint64_t moved_offset_b = (tile_b + alignment_b - 1) / alignment_b * alignment_b;
    const uint64_t uniforms_offset_b = (moved_offset_b + tile_b + 0xffff) & ~(uint64_t)0xffff;
    const uint64_t vertices_offset_b = uniforms_offset_b + 64u * 1024;
    const uint64_t readback_offset_b = vertices_offset_b + 64u * 1024;
    uint64_t readback_b = 0;
    for (uint32_t level = 0; level < LEVELS; level++)
        readback_b += (uint64_t)level_px(level) * level_px(level) * 2;
    const uint64_t pool_b = (readback_offset_b + readback_b + 0xffff) & ~(uint64_t)0xffff;

    /* The pool's storage is the game's: page-aligned memory of its own, on the pages the
       device's pools use (larger than the OS's under RX_VK_SIMULATE=moltenvk-m1). */
    uint64_t page_b = 0, os_page_b = 0;
    CHECK(hsDeviceGetHostPageSize(&device, &page_b));
    CHECK(hsGetHostPageSize(&os_page_b));
    if (page_b < os_page_b || page_b % os_page_b != 0) {
        fprintf(stderr, "seed000: the device's page (%llu) is not whole OS pages (%llu)\n",
                (unsigned long long)page_b, (unsigned long long)os_page_b);
        return 1;
    }
    const uint64_t storage_b = (pool_b + page_b - 1) / page_b * page_b;
    void *storage = aligned_alloc((size_t)page_b, (size_t)storage_b);
    if (storage == NULL) {
        fprintf(stderr, "seed000: no memory for the pool\n");
        return 1;
    }
    memset(storage, 0, (size_t)storage_b);
    HSMemoryPoolBuilder pool_builder;
    CHECK(hsMemoryPoolBuilderSetDefaults(&pool_builder));
    CHECK(hsMemoryPoolBuilderSetDevice(&pool_builder, &device));
    CHECK(hsMemoryPoolBuilderSetFlags(&pool_builder, HS_MEMORY_POOL_FLAGS_CPU_CACHED |
                                                         HS_MEMORY_POOL_FLAGS_GPU_CACHED));
    CHECK(hsMemoryPoolBuilderSetStorage(&pool_builder, storage, storage_b));
    HSMemoryPool pool;
    CHECK(hsMemoryPoolInitialize(&pool, &pool_builder));
    for (uint32_t level = 0; level < LEVELS; level++) {
        int32_t value[4] = {(int32_t)level, 0, 0, 0};
        CHECK(hsMemoryPoolWrite(&pool, uniforms_offset_b + level * 256u, value, sizeof value));
    }
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, FULL_TRIANGLE, sizeof FULL_TRIANGLE));
    HSBuffer uniforms, vertices, readback;
    make_buffer(&uniforms, &device, &pool, uniforms_offset_b, LEVELS * 256u);
    make_buffer(&vertices, &device, &pool, vertices_offset_b, sizeof FULL_TRIANGLE);
    make_buffer(&readback, &device, &pool, readback_offset_b, readback_b);
    HSProgram draw_program, sample_program;
    make_program(&draw_program, &device, POSITION_VERTEX, DRAW_FRAGMENT);
    make_program(&sample_program, &device, POSITION_VERTEX, SAMPLE_FRAGMENT);
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));

    /* 1. The GPU draws every level of the tile. */
    HSTexture tile;
    make_tile(&tile, &device, &pool, first_offset_b);
    CHECK(hsCommandBufferBeginRecording(&commands));
    CHECK(hsCommandBufferBindProgram(&commands, &draw_program));
    bind_positions(&commands, &vertices, sizeof FULL_TRIANGLE);
    const HSTexture *colors[1] = {&tile};
    for (uint32_t level = 0; level < LEVELS; level++) {
        HSTextureView view;
        CHECK(hsTextureViewSetDefaults(&view));
        CHECK(hsTextureViewSetLevels(&view, level, 1));
        const HSTextureView *views[1] = {&view};
        CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, views, NULL, NULL));
        set_area(&commands, level_px(level), level_px(level));
        CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_FRAGMENT, 0, &uniforms,
                                               level * 256u, 16));
        CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    }
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    /* 2. Defragmentation: the texture ends, its bytes move with memcpy. */
    CHECK(hsTextureFinalize(&tile));
    unsigned char *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, (void **)&mapped));
    if (mapped != (unsigned char *)storage) {
        fprintf(stderr, "seed000: the pool maps to other memory than its storage\n");
        return 1;
    }
    memcpy(mapped + moved_offset_b, mapped + first_offset_b, tile_b);
    memset(mapped + first_offset_b, 0, tile_b);
    make_tile(&tile, &device, &pool, moved_offset_b);

    /* 3. Every level of the moved tile is sampled into a target (in the tile's old place,
     *    free now) and read back. */
    HSTexture target;
    make_texture_2d(&target, &device, &pool, first_offset_b, HS_FORMAT_RG8, TILE_PX, TILE_PX);
    HSTexturePool texture_pool;
    HSSamplerPool sampler_pool;
    CHECK(hsTexturePoolInitialize(&texture_pool, &device, 4));
    CHECK(hsSamplerPoolInitialize(&sampler_pool, &device, 4));
    CHECK(hsTexturePoolRegisterTexture(&texture_pool, 0, &tile, NULL));
    HSSamplerBuilder sampler_builder;
    CHECK(hsSamplerBuilderSetDefaults(&sampler_builder));
    CHECK(hsSamplerBuilderSetDevice(&sampler_builder, &device));
    HSSampler sampler;
    CHECK(hsSamplerInitialize(&sampler, &sampler_builder));
    CHECK(hsSamplerPoolRegisterSampler(&sampler_pool, 0, &sampler));
    uint64_t tile_handle = 0;
    CHECK(hsDeviceGetTextureHandle(&device, 0, 0, &tile_handle));

    CHECK(hsCommandBufferBeginRecording(&commands));
    CHECK(hsCommandBufferBindProgram(&commands, &sample_program));
    CHECK(hsCommandBufferSetTexturePool(&commands, &texture_pool));
    CHECK(hsCommandBufferSetSamplerPool(&commands, &sampler_pool));
    CHECK(hsCommandBufferBindTexture(&commands, HS_SHADER_STAGE_FRAGMENT, 0, tile_handle));
    const HSTexture *targets[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, targets, NULL, NULL, NULL));
    uint64_t level_offset_b = 0;
    for (uint32_t level = 0; level < LEVELS; level++) {
        uint32_t px = level_px(level);
        set_area(&commands, px, px);
        CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_FRAGMENT, 0, &uniforms,
                                               level * 256u, 16));
        CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
        HSCopyRegion region = {0, 0, 0, px, px, 1};
        CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &target, 0, &region, &readback,
                                                 level_offset_b, 0, 0));
        level_offset_b += (uint64_t)px * px * 2;
    }
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    write_file(out_path, mapped + readback_offset_b, readback_b);
    printf("tile: %llu bytes, aligned to %llu, moved from %llu to %llu\n",
           (unsigned long long)tile_b, (unsigned long long)alignment_b,
           (unsigned long long)first_offset_b, (unsigned long long)moved_offset_b);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsTexturePoolFinalize(&texture_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsTextureFinalize(&tile));
    CHECK(hsProgramFinalize(&sample_program));
    CHECK(hsProgramFinalize(&draw_program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsBufferFinalize(&uniforms));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    /* The device is gone and the GPU with it: the game may free its storage now. */
    free(storage);
    return 0;
}
