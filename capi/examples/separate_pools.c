/* NVN sets the texture pool and the sampler pool with separate calls, and both stay in
 * force on the queue for the lists after the one that set them. Four command buffers on
 * one queue, each recording one list into a 64x64 target (quadrants, 32x32 each):
 *   0. sets only a texture pool on a fresh queue and binds a texture: refused at submit
 *      (no sampler pool anywhere), leaving the queue as it was;
 *   1. sets both pools (texture pool 1: red), clears, draws the upper-left quadrant;
 *   2. sets only texture pool 2 (green): the sampler pool is list 1's; upper right;
 *   3. sets only the sampler pool: the texture pool is list 2's; lower left, then reads
 *      the target back.
 * The lower-right quadrant keeps the clear. The target is written, as raw RGBA8 rows, to
 * the file named by the first argument. */
#include "common.h"

#define SIZE_PX 64u

static const char *const VERTEX =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n";

static const char *const FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "layout(binding = 0) uniform sampler2D source;\n"
    "void main() { colour = texture(source, vec2(0.5)); }\n";

struct scene {
    HSTexture target;
    HSProgram program;
    HSBuffer vertices;
    uint64_t handle_bits;
};

/* Binds what a draw needs in `commands` (targets, program, vertices, the texture) and
 * draws quad `quad` of the vertex buffer. */
static void draw_quad(const HSCommandBuffer *commands, const struct scene *scene, int quad) {
    vulkan_clip_space(commands);
    const HSTexture *colors[1] = {&scene->target};
    CHECK(hsCommandBufferSetRenderTargets(commands, 1, colors, NULL, NULL, NULL));
    set_area(commands, SIZE_PX, SIZE_PX);
    CHECK(hsCommandBufferBindProgram(commands, &scene->program));
    bind_positions(commands, &scene->vertices, 12 * 8);
    CHECK(hsCommandBufferBindTexture(commands, HS_SHADER_STAGE_FRAGMENT, 0, scene->handle_bits));
    CHECK(hsCommandBufferDrawArrays(commands, HS_DRAW_PRIMITIVE_TRIANGLE_STRIP,
                                    (uint32_t)(4 * quad), 4));
}

static HScommandHandle end(const HSCommandBuffer *commands) {
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(commands, &handle));
    return handle;
}

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t red_offset_b = 64u << 10, green_offset_b = 128u << 10;
    const uint64_t texels_offset_b = 192u << 10, vertices_offset_b = 200u << 10;
    const uint64_t readback_offset_b = 256u << 10, image_b = SIZE_PX * SIZE_PX * 4;

    const unsigned char texels[8] = {255, 0, 0, 255, 0, 255, 0, 255};
    CHECK(hsMemoryPoolWrite(&pool, texels_offset_b, texels, sizeof texels));
    /* Three quads as strips (Vulkan's clip space, y down): upper left, upper right, lower
     * left. */
    const float vertices[24] = {-1, -1, 0, -1, -1, 0, 0, 0, 0, -1, 1, -1,
                                0,  0,  1, 0,  -1, 0, 0, 0, -1, 1, 0, 1};
    CHECK(hsMemoryPoolWrite(&pool, vertices_offset_b, vertices, sizeof vertices));

    struct scene scene;
    HSTexture red, green;
    make_texture_2d(&scene.target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    make_texture_2d(&red, &device, &pool, red_offset_b, HS_FORMAT_RGBA8, 1, 1);
    make_texture_2d(&green, &device, &pool, green_offset_b, HS_FORMAT_RGBA8, 1, 1);
    HSBuffer upload, readback;
    make_buffer(&upload, &device, &pool, texels_offset_b, sizeof texels);
    make_buffer(&scene.vertices, &device, &pool, vertices_offset_b, sizeof vertices);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);
    make_program(&scene.program, &device, VERTEX, FRAGMENT);

    HSSampler sampler;
    HSTexturePool red_pool, green_pool;
    HSSamplerPool sampler_pool;
    scene.handle_bits =
        make_nearest_tables(&red_pool, &sampler_pool, &sampler, &device, &red, NULL);
    CHECK(hsTexturePoolInitialize(&green_pool, &device, 16));
    CHECK(hsTexturePoolRegisterTexture(&green_pool, 1, &green, NULL));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    HSCommandBuffer commands[4];
    for (int i = 0; i < 4; i++) CHECK(hsCommandBufferInitialize(&commands[i], &device));

    /* 0: a texture pool and no sampler pool on the queue: refused when submitted. */
    CHECK(hsCommandBufferBeginRecording(&commands[0]));
    CHECK(hsCommandBufferSetTexturePool(&commands[0], &red_pool));
    draw_quad(&commands[0], &scene, 0);
    HScommandHandle refused = end(&commands[0]);
    HSresult result = hsQueueSubmitCommands(&queue, 1, &refused);
    if (result == HS_SUCCESS) {
        fprintf(stderr, "a texture bind with no sampler pool on the queue was accepted\n");
        return 1;
    }
    printf("no sampler pool: refused (%d)\n", (int)result);

    /* 1: both pools, the uploads and the clear. */
    CHECK(hsCommandBufferBeginRecording(&commands[1]));
    HSCopyRegion texel_region = {0, 0, 0, 1, 1, 1};
    CHECK(hsCommandBufferCopyBufferToTexture(&commands[1], &upload, 0, 0, 0, &red, 0,
                                             &texel_region));
    CHECK(hsCommandBufferCopyBufferToTexture(&commands[1], &upload, 4, 0, 0, &green, 0,
                                             &texel_region));
    CHECK(hsCommandBufferBarrier(&commands[1], HS_BARRIER_ORDER_FRAGMENTS |
                                                   HS_BARRIER_INVALIDATE_TEXTURE));
    CHECK(hsCommandBufferSetTexturePool(&commands[1], &red_pool));
    CHECK(hsCommandBufferSetSamplerPool(&commands[1], &sampler_pool));
    const HSTexture *colors[1] = {&scene.target};
    CHECK(hsCommandBufferSetRenderTargets(&commands[1], 1, colors, NULL, NULL, NULL));
    const float black[4] = {0, 0, 0, 1};
    CHECK(hsCommandBufferClearColor(&commands[1], 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    draw_quad(&commands[1], &scene, 0);
    HScommandHandle first = end(&commands[1]);
    CHECK(hsQueueSubmitCommands(&queue, 1, &first));

    /* 2: the texture pool alone. */
    CHECK(hsCommandBufferBeginRecording(&commands[2]));
    CHECK(hsCommandBufferSetTexturePool(&commands[2], &green_pool));
    draw_quad(&commands[2], &scene, 1);
    HScommandHandle second = end(&commands[2]);
    CHECK(hsQueueSubmitCommands(&queue, 1, &second));

    /* 3: the sampler pool alone, then the read back. */
    CHECK(hsCommandBufferBeginRecording(&commands[3]));
    CHECK(hsCommandBufferSetSamplerPool(&commands[3], &sampler_pool));
    draw_quad(&commands[3], &scene, 2);
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands[3], &scene.target, 0, &region, &readback,
                                             0, 0, 0));
    HScommandHandle third = end(&commands[3]);
    CHECK(hsQueueSubmitCommands(&queue, 1, &third));
    CHECK(hsQueueFinish(&queue));

    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, image_b);
    check_validation(&device);

    for (int i = 0; i < 4; i++) CHECK(hsCommandBufferFinalize(&commands[i]));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&scene.program));
    CHECK(hsTexturePoolFinalize(&red_pool));
    CHECK(hsTexturePoolFinalize(&green_pool));
    CHECK(hsSamplerPoolFinalize(&sampler_pool));
    CHECK(hsSamplerFinalize(&sampler));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&scene.vertices));
    CHECK(hsBufferFinalize(&upload));
    CHECK(hsTextureFinalize(&green));
    CHECK(hsTextureFinalize(&red));
    CHECK(hsTextureFinalize(&scene.target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
