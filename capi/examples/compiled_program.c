/* A program from a game's compiled Maxwell shaders (the GLSL in maxwell/, compiled by uam, deko3d's
 * compiler): the vertex shader passes uv = position * 0.5 + 0.5, the fragment shader writes
 * (uv.x * tint.r, uv.y * tint.g, steps[x & 3], 1) with tint from uniform block 0 and steps
 * a constant array the compiler put in constant buffer 1. The same draw is made twice over
 * a 64x64 RGBA8 target: once from the DKSH modules, once from their raw pieces (SPH, code,
 * constant buffer 1, as a port may keep them), and both images are written, one after the
 * other, to the file named by the first argument. A tess-evaluation program's pieces
 * (tese.sph, tese.code) take their tessellator mode with them (HS_TESSELLATOR_MODE_GIVEN |
 * the header's word), which a DKSH module holds itself. Then bad binaries are given, each
 * must fail with its code and one debug callback message: one line a case and
 * "error cases: N passed, 0 failed". A compute module of typed images (images.dksh) is
 * given without and with its image formats (hsProgramSetCompiledShadersWithImageFormats).
 *
 * usage: compiled_program OUT.rgba DIR (DIR holding vert.dksh, frag.dksh, vert.sph,
 * vert.code, frag.sph, frag.code, frag.cb1, tese.sph, tese.code, images.dksh) */
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

static HSCompiledShaderData parts_shader(HSshaderStage stage, const struct blob *sph,
                                         const struct blob *code, const struct blob *constbuf1) {
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = stage;
    shader.code = HS_COMPILED_CODE_PARTS;
    shader.data = code->bytes;
    shader.size_b = code->size_b;
    shader.sph = sph->bytes;
    shader.sph_size_b = sph->size_b;
    if (constbuf1 != NULL) {
        shader.constbuf1 = constbuf1->bytes;
        shader.constbuf1_size_b = constbuf1->size_b;
    }
    return shader;
}

/* Draws the full-target triangle with `program` and copies the target to `readback`. */
static void draw(const HSDevice *device, const HSProgram *program, const HSTexture *target,
                 const HSBuffer *vertices, const HSBuffer *tint, const HSBuffer *readback) {
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    vulkan_clip_space(&commands);
    const HSTexture *colors[1] = {target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    bind_positions(&commands, vertices, sizeof FULL_TRIANGLE);
    CHECK(hsCommandBufferBindUniformBuffer(&commands, HS_SHADER_STAGE_FRAGMENT, 0, tint, 0, 16));
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
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

/* Each case's call fails with its code and one message from hsProgramSetCompiledShaders. */
#define EXPECT_REFUSED(call, code) EXPECT_FAIL(call, code, "hsProgramSetCompiledShaders")

static void put_u64(void *bytes, size_t at, uint64_t value) {
    memcpy((unsigned char *)bytes + at, &value, sizeof value);
}

/* Bad binaries, each through a fresh copy of a good piece. */
static void bad_binaries(const HSDevice *device, const struct blob *vert_dksh,
                         const struct blob *frag_dksh, const struct blob *frag_sph,
                         const struct blob *frag_code, const struct blob *frag_cb1,
                         const struct blob *images_dksh, const struct blob *tese_sph,
                         const struct blob *tese_code) {
    CHECK(hsDeviceInstallDebugCallback(device, log_message, NULL));
    HSProgram program;
    CHECK(hsProgramInitialize(&program, device));

    /* A tess-evaluation program's pieces: refused without their tessellator mode (the
     * DKSH program header's quads, equal spacing, ccw: 0x202) or with it not marked
     * given; taken with it, after a vertex program. A DKSH module with a mode beside it
     * is refused. */
    HSCompiledShaderData tese = parts_shader(HS_SHADER_STAGE_TESS_EVALUATION, tese_sph,
                                             tese_code, NULL);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &tese, NULL), HS_ERROR_REFUSED);
    tese.tessellator_mode = 0x202;
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &tese, NULL),
                   HS_ERROR_INVALID_ARGUMENT);
    tese.tessellator_mode = HS_TESSELLATOR_MODE_GIVEN | 0x202;
    HSCompiledShaderData vert_tese[2] = {dksh_shader(HS_SHADER_STAGE_VERTEX, vert_dksh), tese};
    CHECK(hsProgramSetCompiledShaders(&program, 2, vert_tese, NULL));
    HSCompiledShaderData vert_with_mode = dksh_shader(HS_SHADER_STAGE_VERTEX, vert_dksh);
    vert_with_mode.tessellator_mode = HS_TESSELLATOR_MODE_GIVEN | 0x202;
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &vert_with_mode, NULL),
                   HS_ERROR_INVALID_ARGUMENT);

    /* A module cut short. */
    struct blob cut = {frag_dksh->bytes, 200};
    HSCompiledShaderData shader = dksh_shader(HS_SHADER_STAGE_FRAGMENT, &cut);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* A fragment module given as the vertex stage. */
    shader = dksh_shader(HS_SHADER_STAGE_VERTEX, frag_dksh);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_INVALID_ARGUMENT);

    /* A vertex module given as the fragment stage, after a good vertex shader. */
    HSCompiledShaderData pair[2] = {dksh_shader(HS_SHADER_STAGE_VERTEX, vert_dksh),
                                    dksh_shader(HS_SHADER_STAGE_FRAGMENT, vert_dksh)};
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 2, pair, NULL),
                HS_ERROR_INVALID_ARGUMENT);

    /* The SPH's version field changed (3 -> 2). */
    struct blob sph = {malloc(frag_sph->size_b), frag_sph->size_b};
    memcpy(sph.bytes, frag_sph->bytes, sph.size_b);
    uint32_t word0;
    memcpy(&word0, sph.bytes, 4);
    word0 = (word0 & ~(0x1fu << 5)) | (2u << 5);
    memcpy(sph.bytes, &word0, 4);
    shader = parts_shader(HS_SHADER_STAGE_FRAGMENT, &sph, frag_code, frag_cb1);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* An SPH cut short. */
    struct blob short_sph = {frag_sph->bytes, 40};
    shader = parts_shader(HS_SHADER_STAGE_FRAGMENT, &short_sph, frag_code, frag_cb1);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* No SPH for a graphics stage. */
    shader = parts_shader(HS_SHADER_STAGE_FRAGMENT, &sph, frag_code, frag_cb1);
    shader.sph = NULL;
    shader.sph_size_b = 0;
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* An unknown instruction word (zero) at code byte 0x10. */
    struct blob code = {malloc(frag_code->size_b), frag_code->size_b};
    memcpy(code.bytes, frag_code->bytes, code.size_b);
    put_u64(code.bytes, 0x10, 0);
    shader = parts_shader(HS_SHADER_STAGE_FRAGMENT, frag_sph, &code, frag_cb1);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* The padding branch at 0x90 sent 0x1000 bytes on, past the code's end. */
    memcpy(code.bytes, frag_code->bytes, code.size_b);
    const uint64_t bra = 0xe2400000000f000full | (7ull << 16) |
                         ((uint64_t)((0x1000 - 8) & 0xffffff) << 20);
    put_u64(code.bytes, 0x90, bra);
    shader = parts_shader(HS_SHADER_STAGE_FRAGMENT, frag_sph, &code, frag_cb1);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* Code that is not whole bundles. */
    struct blob ragged = {frag_code->bytes, frag_code->size_b - 4};
    shader = parts_shader(HS_SHADER_STAGE_FRAGMENT, frag_sph, &ragged, frag_cb1);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_REFUSED);

    /* A compute program's pieces without its workgroup size. */
    struct blob none = {NULL, 0};
    shader = parts_shader(HS_SHADER_STAGE_COMPUTE, &none, frag_code, NULL);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_INVALID_ARGUMENT);

    /* An unknown form, and a slot map naming a constant buffer Maxwell lacks. */
    shader = dksh_shader(HS_SHADER_STAGE_FRAGMENT, frag_dksh);
    shader.code = 7;
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, NULL),
                HS_ERROR_INVALID_ARGUMENT);
    shader.code = HS_COMPILED_CODE_DKSH;
    HSMaxwellSlotMap slots;
    CHECK(hsMaxwellSlotMapSetDefaults(&slots));
    slots.driver_cbuf = 40;
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &shader, &slots),
                HS_ERROR_INVALID_ARGUMENT);

    /* A compute program of typed images (images.dksh): with every slot r32ui (no table,
     * or an empty one), its 64-bit load of slot 1 is refused, naming the slot and format;
     * a table with a format no storage image takes is refused; with its formats stated
     * (rgba8, rgba16f, rgba32f, rgba8ui, rgba16ui, rgba32i, rgba8sn, r32f) it translates. */
    HSCompiledShaderData images = dksh_shader(HS_SHADER_STAGE_COMPUTE, images_dksh);
    EXPECT_REFUSED(hsProgramSetCompiledShaders(&program, 1, &images, NULL), HS_ERROR_REFUSED);
    HSMaxwellImageFormats formats;
    memset(&formats, 0, sizeof formats);
    EXPECT_FAIL(hsProgramSetCompiledShadersWithImageFormats(&program, 1, &images, NULL, &formats),
                HS_ERROR_REFUSED, "hsProgramSetCompiledShadersWithImageFormats");
    const HSformat stated[8] = {HS_FORMAT_RGBA8,   HS_FORMAT_RGBA16F,  HS_FORMAT_RGBA32F,
                                HS_FORMAT_RGBA8UI, HS_FORMAT_RGBA16UI, HS_FORMAT_RGBA32I,
                                HS_FORMAT_RGBA8SN, HS_FORMAT_R32F};
    memcpy(formats.formats[HS_SHADER_STAGE_COMPUTE], stated, sizeof stated);
    formats.formats[HS_SHADER_STAGE_FRAGMENT][3] = HS_FORMAT_RG8;
    EXPECT_FAIL(hsProgramSetCompiledShadersWithImageFormats(&program, 1, &images, NULL, &formats),
                HS_ERROR_INVALID_ARGUMENT, "hsProgramSetCompiledShadersWithImageFormats");
    formats.formats[HS_SHADER_STAGE_FRAGMENT][3] = HS_FORMAT_NONE;
    CHECK(hsProgramSetCompiledShadersWithImageFormats(&program, 1, &images, NULL, &formats));

    /* Still good afterwards, with the defaults given explicitly. */
    CHECK(hsMaxwellSlotMapSetDefaults(&slots));
    pair[1] = shader;
    CHECK(hsProgramSetCompiledShaders(&program, 2, pair, &slots));
    CHECK(hsProgramFinalize(&program));
    free(sph.bytes);
    free(code.bytes);
    CHECK(hsDeviceInstallDebugCallback(device, print_message, NULL));
    printf("error cases: %d passed, %d failed\n", passed, failed);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: compiled_program OUT.rgba DIR\n");
        return 1;
    }
    const char *out_path = argv[1], *dir = argv[2];
    struct blob vert_dksh = load(dir, "vert.dksh"), frag_dksh = load(dir, "frag.dksh");
    struct blob vert_sph = load(dir, "vert.sph"), vert_code = load(dir, "vert.code");
    struct blob frag_sph = load(dir, "frag.sph"), frag_code = load(dir, "frag.code");
    struct blob frag_cb1 = load(dir, "frag.cb1");
    struct blob images_dksh = load(dir, "images.dksh");
    struct blob tese_sph = load(dir, "tese.sph"), tese_code = load(dir, "tese.code");

    HSDevice device;
    open_device(&device);
    /* hsGetProcAddress knows the new entry points too. */
    if (hsGetProcAddress("hsProgramSetCompiledShaders") == NULL ||
        hsGetProcAddress("hsMaxwellSlotMapSetDefaults") == NULL ||
        hsGetProcAddress("hsProgramSetCompiledShadersWithImageFormats") == NULL) {
        fprintf(stderr, "hsGetProcAddress lacks the compiled-program entry points\n");
        return 1;
    }

    /* One pool: the target at 0, then the positions, the tint and two read-backs. */
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10, tint_offset_b = 320u << 10;
    const uint64_t readback_offset_b = 512u << 10, image_b = SIZE_PX * SIZE_PX * 4;
    const float tint[4] = {1.0f, 0.5f, 0.0f, 0.0f};
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, FULL_TRIANGLE, sizeof FULL_TRIANGLE));
    CHECK(hsMemoryPoolWrite(&pool, tint_offset_b, tint, sizeof tint));
    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer vertices, tint_buffer, readbacks[2];
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof FULL_TRIANGLE);
    make_buffer(&tint_buffer, &device, &pool, tint_offset_b, 256);
    for (unsigned index = 0; index < 2; index++)
        make_buffer(&readbacks[index], &device, &pool, readback_offset_b + index * image_b,
                    image_b);

    /* From the DKSH modules, resources by deko3d's convention (NULL slot map). */
    HSProgram from_dksh;
    HSCompiledShaderData modules[2] = {dksh_shader(HS_SHADER_STAGE_VERTEX, &vert_dksh),
                                       dksh_shader(HS_SHADER_STAGE_FRAGMENT, &frag_dksh)};
    CHECK(hsProgramInitialize(&from_dksh, &device));
    CHECK(hsProgramSetCompiledShaders(&from_dksh, 2, modules, NULL));
    draw(&device, &from_dksh, &target, &vertices, &tint_buffer, &readbacks[0]);

    /* From the raw pieces (the vertex shader has no constant buffer 1). */
    HSProgram from_parts;
    HSCompiledShaderData parts[2] = {
        parts_shader(HS_SHADER_STAGE_VERTEX, &vert_sph, &vert_code, NULL),
        parts_shader(HS_SHADER_STAGE_FRAGMENT, &frag_sph, &frag_code, &frag_cb1)};
    CHECK(hsProgramInitialize(&from_parts, &device));
    CHECK(hsProgramSetCompiledShaders(&from_parts, 2, parts, NULL));
    draw(&device, &from_parts, &target, &vertices, &tint_buffer, &readbacks[1]);

    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, 2 * image_b);

    bad_binaries(&device, &vert_dksh, &frag_dksh, &frag_sph, &frag_code, &frag_cb1, &images_dksh,
                 &tese_sph, &tese_code);
    check_validation(&device);

    CHECK(hsProgramFinalize(&from_parts));
    CHECK(hsProgramFinalize(&from_dksh));
    for (unsigned index = 0; index < 2; index++) CHECK(hsBufferFinalize(&readbacks[index]));
    CHECK(hsBufferFinalize(&tint_buffer));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    free(vert_dksh.bytes);
    free(frag_dksh.bytes);
    free(vert_sph.bytes);
    free(vert_code.bytes);
    free(frag_sph.bytes);
    free(frag_code.bytes);
    free(frag_cb1.bytes);
    free(images_dksh.bytes);
    free(tese_sph.bytes);
    free(tese_code.bytes);
    return 0;
}
