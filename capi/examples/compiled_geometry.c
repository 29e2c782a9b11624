/* A program of compiled Maxwell shaders with a geometry stage (the GLSL in maxwell/geom*.glsl,
 * compiled by uam): two points, each expanded by the geometry stage into a 16x16 square (a
 * triangle strip of four vertices), red for primitive 0 and blue for primitive 1. The draw's
 * topology (points) is the geometry program's input primitive, which neither the SPH nor the
 * DKSH says. Drawn twice over a cleared 64x64 RGBA8 target: once with the geometry stage from
 * its DKSH module, once from its raw pieces (SPH and code); both images are written, one after
 * the other, to the file named by the first argument. Then a draw of patches with the program
 * must be refused with one message: "error cases: N passed, 0 failed".
 *
 * usage: compiled_geometry OUT.rgba DIR (DIR holding geom_vert.dksh, geom.dksh, geom.sph,
 * geom.code, geom_frag.dksh) */
#include "expect_fail.h"

#define SIZE_PX 64u

struct blob {
    void *bytes;
    size_t size_b;
};

static struct blob load(const char *dir, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct blob blob;
    blob.bytes = read_file(path, &blob.size_b);
    return blob;
}

static HSCompiledShaderData dksh_shader(HSshaderStage stage, const struct blob *module) {
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = stage;
    shader.code = HS_COMPILED_CODE_DKSH;
    shader.data = module->bytes;
    shader.size_b = module->size_b;
    return shader;
}

/* The points' centres, in clip space: pixels (16, 16) and (44, 40) of the target. */
static const float POINTS[4] = {-0.5f, -0.5f, 0.375f, 0.25f};

/* Records a clear and `primitive` draw of the two points into `target` and submits it,
 * copying the target to `readback`. */
static void draw(const HSDevice *device, const HSProgram *program, const HSTexture *target,
                 const HSBuffer *vertices, const HSBuffer *readback) {
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    vulkan_clip_space(&commands);
    const HSTexture *colors[1] = {target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    bind_positions(&commands, vertices, sizeof POINTS);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_POINTS, 0, 2));
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, target, 0, &region, readback, 0, 0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsCommandBufferFinalize(&commands));
}

/* A draw of patches with the program: no input class of a geometry program. */
static void patch_draw_refused(const HSDevice *device, const HSProgram *program,
                               const HSTexture *target, const HSBuffer *vertices) {
    CHECK(hsDeviceInstallDebugCallback(device, log_message, NULL));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    vulkan_clip_space(&commands);
    const HSTexture *colors[1] = {target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    bind_positions(&commands, vertices, sizeof POINTS);
    EXPECT_FAIL(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_PATCHES, 0, 2),
                HS_ERROR_REFUSED, "hsCommandBufferDrawArrays");
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsDeviceInstallDebugCallback(device, print_message, NULL));
    printf("error cases: %d passed, %d failed\n", passed, failed);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: compiled_geometry OUT.rgba DIR\n");
        return 1;
    }
    const char *out_path = argv[1], *dir = argv[2];
    struct blob vert = load(dir, "geom_vert.dksh"), geom = load(dir, "geom.dksh");
    struct blob geom_sph = load(dir, "geom.sph"), geom_code = load(dir, "geom.code");
    struct blob frag = load(dir, "geom_frag.dksh");

    HSDevice device;
    open_device(&device);
    /* One pool: the target at 0, then the points and two read-backs. */
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t points_offset_b = 256u << 10, readback_offset_b = 512u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, points_offset_b, POINTS, sizeof POINTS));
    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer vertices, readbacks[2];
    make_buffer(&vertices, &device, &pool, points_offset_b, sizeof POINTS);
    for (unsigned index = 0; index < 2; index++)
        make_buffer(&readbacks[index], &device, &pool, readback_offset_b + index * image_b,
                    image_b);

    /* The geometry stage from its DKSH module. */
    HSProgram from_dksh;
    HSCompiledShaderData modules[3] = {dksh_shader(HS_SHADER_STAGE_VERTEX, &vert),
                                       dksh_shader(HS_SHADER_STAGE_GEOMETRY, &geom),
                                       dksh_shader(HS_SHADER_STAGE_FRAGMENT, &frag)};
    CHECK(hsProgramInitialize(&from_dksh, &device));
    CHECK(hsProgramSetCompiledShaders(&from_dksh, 3, modules, NULL));
    draw(&device, &from_dksh, &target, &vertices, &readbacks[0]);

    /* The geometry stage from its raw pieces (it has no constant buffer 1). */
    HSProgram from_parts;
    HSCompiledShaderData parts[3] = {modules[0], modules[1], modules[2]};
    parts[1].code = HS_COMPILED_CODE_PARTS;
    parts[1].data = geom_code.bytes;
    parts[1].size_b = geom_code.size_b;
    parts[1].sph = geom_sph.bytes;
    parts[1].sph_size_b = geom_sph.size_b;
    CHECK(hsProgramInitialize(&from_parts, &device));
    CHECK(hsProgramSetCompiledShaders(&from_parts, 3, parts, NULL));
    draw(&device, &from_parts, &target, &vertices, &readbacks[1]);

    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, 2 * image_b);

    patch_draw_refused(&device, &from_dksh, &target, &vertices);
    check_validation(&device);

    CHECK(hsProgramFinalize(&from_parts));
    CHECK(hsProgramFinalize(&from_dksh));
    for (unsigned index = 0; index < 2; index++) CHECK(hsBufferFinalize(&readbacks[index]));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    free(vert.bytes);
    free(geom.bytes);
    free(geom_sph.bytes);
    free(geom_code.bytes);
    free(frag.bytes);
    return failed == 0 ? 0 : 1;
}
