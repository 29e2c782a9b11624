/* A game's compiled Maxwell programs on a device made for its title, for the shader cache
 * `hookshot warm` fills: a vertex and fragment program from DKSH modules, the same from
 * their pieces (SPH, code, constant buffer 1), and a program with a geometry stage (one
 * translation a primitive class), each drawn once into a cleared 64x64 RGBA8 target (the
 * programs of compiled_program.c and compiled_geometry.c). The three images are written,
 * one after the other, to OUT; then the device's counters: "shaders translated: N, from
 * the shader cache: M" (hsDeviceGetStats) and "pipelines made: P" (hsDeviceGetPipelineStats).
 * Run once with RX_VK_RECORD, warmed with `hookshot warm --title TITLE_ID`, a second run
 * translates no shader.
 *
 * usage: warm_compiled TITLE_ID DIR OUT.rgba (DIR: capi/examples/maxwell) */
#include "compiled_shaders.h"

#define SIZE_PX 64u

/* The geometry program's two points, in clip space. */
static const float POINTS[4] = {-0.5f, -0.5f, 0.375f, 0.25f};

struct scene {
    const HSDevice *device;
    const HSTexture *target;
    const HSBuffer *triangle, *points, *tint;
};

/* Clears the target, draws `count` vertices of `primitive` with `program` and copies the
 * target to `readback`. */
static void draw(const struct scene *scene, const HSProgram *program, HSdrawPrimitive primitive,
                 const HSBuffer *readback) {
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, scene->device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    vulkan_clip_space(&commands);
    const HSTexture *colors[1] = {scene->target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    if (primitive == HS_DRAW_PRIMITIVE_POINTS) {
        bind_positions(&commands, scene->points, sizeof POINTS);
        CHECK(hsCommandBufferDrawArrays(&commands, primitive, 0, 2));
    } else {
        bind_positions(&commands, scene->triangle, sizeof FULL_TRIANGLE);
        CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_FRAGMENT, 0,
                                               scene->tint, 0, 16));
        CHECK(hsCommandBufferDrawArrays(&commands, primitive, 0, 3));
    }
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, scene->target, 0, &region, readback, 0,
                                             0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, scene->device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: warm_compiled TITLE_ID DIR OUT.rgba\n");
        return 1;
    }
    const char *dir = argv[2], *out_path = argv[3];
    const char *names[] = {"vert.dksh", "frag.dksh", "vert.sph",       "vert.code", "frag.sph",
                           "frag.code", "frag.cb1",  "geom_vert.dksh", "geom.dksh", "geom_frag.dksh"};
    enum { VERT, FRAG, VERT_SPH, VERT_CODE, FRAG_SPH, FRAG_CODE, FRAG_CB1, GVERT, GEOM, GFRAG, FILES };
    struct blob files[FILES];
    for (unsigned index = 0; index < FILES; index++) files[index] = load_blob(dir, names[index]);

    HSDeviceBuilder builder;
    CHECK(hsDeviceBuilderSetDefaults(&builder));
    CHECK(hsDeviceBuilderSetTitle(&builder, argv[1], "Hookshot warm example", "1.0.0"));
    HSDevice device;
    CHECK(hsDeviceInitialize(&device, &builder));
    CHECK(hsDeviceInstallDebugCallback(&device, print_message, NULL));

    /* One pool: the target at 0, then the vertices, the tint and three read-backs. */
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t triangle_offset_b = 192u << 10, points_offset_b = 200u << 10;
    const uint64_t tint_offset_b = 208u << 10, readback_offset_b = 256u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    const float tint[4] = {1.0f, 0.5f, 0.0f, 1.0f};
    CHECK(hsMemoryPoolWrite(&pool, triangle_offset_b, FULL_TRIANGLE, sizeof FULL_TRIANGLE));
    CHECK(hsMemoryPoolWrite(&pool, points_offset_b, POINTS, sizeof POINTS));
    CHECK(hsMemoryPoolWrite(&pool, tint_offset_b, tint, sizeof tint));
    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer triangle, points, tint_buffer, readbacks[3];
    make_buffer(&triangle, &device, &pool, triangle_offset_b, sizeof FULL_TRIANGLE);
    make_buffer(&points, &device, &pool, points_offset_b, sizeof POINTS);
    make_buffer(&tint_buffer, &device, &pool, tint_offset_b, 256);
    for (unsigned index = 0; index < 3; index++)
        make_buffer(&readbacks[index], &device, &pool, readback_offset_b + index * image_b,
                    image_b);
    struct scene scene = {&device, &target, &triangle, &points, &tint_buffer};

    HSProgram programs[3];
    HSCompiledShaderData from_dksh[2] = {dksh_module(HS_SHADER_STAGE_VERTEX, &files[VERT]),
                                         dksh_module(HS_SHADER_STAGE_FRAGMENT, &files[FRAG])};
    HSCompiledShaderData from_pieces[2] = {
        program_pieces(HS_SHADER_STAGE_VERTEX, &files[VERT_SPH], &files[VERT_CODE], NULL),
        program_pieces(HS_SHADER_STAGE_FRAGMENT, &files[FRAG_SPH], &files[FRAG_CODE],
                       &files[FRAG_CB1])};
    HSCompiledShaderData with_geometry[3] = {
        dksh_module(HS_SHADER_STAGE_VERTEX, &files[GVERT]),
        dksh_module(HS_SHADER_STAGE_GEOMETRY, &files[GEOM]),
        dksh_module(HS_SHADER_STAGE_FRAGMENT, &files[GFRAG])};
    for (unsigned index = 0; index < 3; index++) CHECK(hsProgramInitialize(&programs[index], &device));
    CHECK(hsProgramSetCompiledShaders(&programs[0], 2, from_dksh, NULL));
    CHECK(hsProgramSetCompiledShaders(&programs[1], 2, from_pieces, NULL));
    CHECK(hsProgramSetCompiledShaders(&programs[2], 3, with_geometry, NULL));
    draw(&scene, &programs[0], HS_DRAW_PRIMITIVE_TRIANGLES, &readbacks[0]);
    draw(&scene, &programs[1], HS_DRAW_PRIMITIVE_TRIANGLES, &readbacks[1]);
    draw(&scene, &programs[2], HS_DRAW_PRIMITIVE_POINTS, &readbacks[2]);

    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, 3 * image_b);
    check_validation(&device);
    HSDeviceStats stats;
    CHECK(hsDeviceGetStats(&device, &stats));
    HSPipelineStats pipelines;
    CHECK(hsDeviceGetPipelineStats(&device, &pipelines));
    printf("shaders translated: %llu, from the shader cache: %llu\n",
           (unsigned long long)stats.shaders_translated_total,
           (unsigned long long)stats.shader_cache_hits_total);
    printf("pipelines made: %llu\n", (unsigned long long)pipelines.graphics_total);

    for (unsigned index = 0; index < 3; index++) CHECK(hsProgramFinalize(&programs[index]));
    for (unsigned index = 0; index < 3; index++) CHECK(hsBufferFinalize(&readbacks[index]));
    CHECK(hsBufferFinalize(&tint_buffer));
    CHECK(hsBufferFinalize(&points));
    CHECK(hsBufferFinalize(&triangle));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    for (unsigned index = 0; index < FILES; index++) free(files[index].bytes);
    return 0;
}
